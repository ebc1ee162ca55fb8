package jujube.lib.logging;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.core.util.FileSize;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy looks at the file itself, at every record: a file rolls as soon as it has its size. */
class FileSizeTriggeringPolicyTest {
    @TempDir
    Path tmp;

    @Test
    void a_file_rolls_from_the_record_that_finds_it_at_its_size() throws Exception {
        FileSizeTriggeringPolicy<String> policy = new FileSizeTriggeringPolicy<>();
        policy.setMaxFileSize(FileSize.valueOf("1KB"));
        Path file = tmp.resolve("agent.log");
        Files.write(file, new byte[1023]);
        for (int i = 0; i < 100_000; i++) {
            assertFalse(policy.isTriggeringEvent(file.toFile(), "record " + i));
        }

        Files.write(file, new byte[1024]);

        assertTrue(policy.isTriggeringEvent(file.toFile(), "the next record"));
    }
}
