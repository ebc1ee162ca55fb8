package jujube.agent.unit.internal;

import java.nio.charset.StandardCharsets;
import jujube.hooks.HookOutput;

/**
 * A {@code jujube exec} command's output, each stream kept up to a number of bytes of UTF-8 and then
 * counted only, so that an answer always fits in its ZooKeeper node; a cut stream ends with a note
 * saying how much was left out.
 */
final class BoundedOutput implements HookOutput {
    private final Stream stdout;
    private final Stream stderr;

    BoundedOutput(int maxBytes) {
        stdout = new Stream(maxBytes);
        stderr = new Stream(maxBytes);
    }

    @Override
    public void stdout(String line) {
        stdout.add(line);
    }

    @Override
    public void stderr(String line) {
        stderr.add(line);
    }

    String stdout() {
        return stdout.text();
    }

    String stderr() {
        return stderr.text();
    }

    private static final class Stream {
        private final int maxBytes;
        private final StringBuilder kept = new StringBuilder();
        private int keptBytes;
        private long dropped;

        Stream(int maxBytes) {
            this.maxBytes = maxBytes;
        }

        synchronized void add(String line) {
            String text = line + "\n";
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (dropped == 0 && keptBytes + bytes <= maxBytes) {
                kept.append(text);
                keptBytes += bytes;
                return;
            }
            if (dropped == 0) {
                // keep what fits of the line that overflows, cut at a character boundary
                int room = maxBytes - keptBytes;
                int end = 0;
                int used = 0;
                while (end < text.length()) {
                    int cp = text.codePointAt(end);
                    int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
                    if (used + size > room) {
                        break;
                    }
                    used += size;
                    end += Character.charCount(cp);
                }
                kept.append(text, 0, end);
                keptBytes += used;
                bytes -= used;
            }
            dropped += bytes;
        }

        synchronized String text() {
            if (dropped == 0) {
                return kept.toString();
            }
            return kept + (kept.length() > 0 && kept.charAt(kept.length() - 1) != '\n' ? "\n" : "")
                    + "[output truncated: " + dropped + " more bytes]\n";
        }
    }
}
