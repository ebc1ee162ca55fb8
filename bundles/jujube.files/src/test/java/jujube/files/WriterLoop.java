package jujube.files;

import java.nio.file.Path;
import java.util.Arrays;

/** A process that replaces one file with 256 KB of one letter after another until it is killed. */
public final class WriterLoop {
    static final int SIZE = 256 * 1024;

    private WriterLoop() {
    }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]);
        byte[] content = new byte[SIZE];
        for (int i = 0; ; i++) {
            Arrays.fill(content, (byte) ('a' + i % 26));
            AtomicFiles.write(target, content);
        }
    }
}
