package jujube.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * A {@code @TempDir} under {@code /tmp}, for tests that bind unix sockets: a socket's path must stay
 * under 108 bytes, and the tests' own temp directory is the module's {@code target/}, as deep as the
 * checkout. JUnit removes it after the test as it does any temp directory.
 * Use: {@code @TempDir(factory = ShortTempDir.class) Path dir;}
 */
public final class ShortTempDir implements TempDirFactory {
    @Override
    public Path createTempDirectory(AnnotatedElementContext element, ExtensionContext extension) throws IOException {
        return Files.createTempDirectory(Path.of("/tmp"), "jt");
    }
}
