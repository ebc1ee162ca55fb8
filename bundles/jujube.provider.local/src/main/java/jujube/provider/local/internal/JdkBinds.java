package jujube.provider.local.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The host directories a machine needs bound read-only to run the agent's JDK: its home, and the
 * directories that its absolute symbolic links point into (Debian keeps a JDK's configuration and
 * trusted certificates under {@code /etc}: {@code conf/security/java.security} is a link to
 * {@code /etc/java-17-openjdk/security/java.security}). Relative links (documentation, sources) are
 * left dangling: the JDK runs without them.
 */
final class JdkBinds {
    private JdkBinds() {
    }

    /** The JDK's home and the directories its absolute links need, none below another. */
    static List<Path> of(Path javaHome) throws IOException {
        Path home = javaHome.toRealPath();
        TreeSet<Path> dirs = new TreeSet<>();
        dirs.add(home);
        try (Stream<Path> files = Files.walk(home)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isSymbolicLink(file)) {
                    Path target = Files.readSymbolicLink(file);
                    if (target.isAbsolute() && Files.exists(target)) {
                        Path real = target.toRealPath();
                        dirs.add(Files.isDirectory(real) ? real : real.getParent());
                    }
                }
            }
        }
        List<Path> outermost = new ArrayList<>();
        for (Path dir : dirs) {
            if (outermost.stream().noneMatch(dir::startsWith)) {
                outermost.add(dir);
            }
        }
        return outermost;
    }
}
