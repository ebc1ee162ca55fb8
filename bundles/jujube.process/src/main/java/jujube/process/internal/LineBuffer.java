package jujube.process.internal;

import java.nio.charset.StandardCharsets;

/**
 * The bytes of one line of a process's output being read, kept up to a fixed size and counted past it:
 * however long a line a process writes (one without any newline: {@code cat /dev/zero}), the reader holds at most
 * that many bytes. A cut line ends with a note of how much was left out, and is cut at a character's
 * start, never inside a UTF-8 sequence.
 */
final class LineBuffer {
    private final byte[] kept;
    private int length;
    private long cut;

    LineBuffer(int maxBytes) {
        kept = new byte[maxBytes];
    }

    void add(byte b) {
        if (length < kept.length) {
            kept[length++] = b;
        } else {
            cut++;
        }
    }

    boolean isEmpty() {
        return length == 0 && cut == 0;
    }

    /** The line's length in bytes, including what was cut. */
    long length() {
        return length + cut;
    }

    /** The line as text (malformed UTF-8 replaced), with the note when it was cut; empties the buffer. */
    String take() {
        int end = length;
        if (cut > 0) {
            // step back over a UTF-8 sequence the limit split: its continuation bytes and then its lead byte
            int start = end;
            while (start > 0 && (kept[start - 1] & 0xC0) == 0x80) {
                start--;
            }
            if (start > 0 && (kept[start - 1] & 0x80) != 0 && end - start + 1 < sequenceLength(kept[start - 1])) {
                cut += end - start + 1;
                end = start - 1;
            }
        }
        String line = new String(kept, 0, end, StandardCharsets.UTF_8);
        if (cut > 0) {
            line += " ... (cut: " + cut + " more bytes)";
        }
        clear();
        return line;
    }

    void clear() {
        length = 0;
        cut = 0;
    }

    private static int sequenceLength(byte lead) {
        if ((lead & 0xE0) == 0xC0) {
            return 2;
        }
        if ((lead & 0xF0) == 0xE0) {
            return 3;
        }
        return (lead & 0xF8) == 0xF0 ? 4 : 1;
    }
}
