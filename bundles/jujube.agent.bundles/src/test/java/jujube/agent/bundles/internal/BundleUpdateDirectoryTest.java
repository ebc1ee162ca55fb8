package jujube.agent.bundles.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jujube.agent.bundles.BundleUpdateDirectory;
import jujube.agent.bundles.BundleUpdateDirectory.Phase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the launcher finds of an update when an agent starts: jars moved while the agent was killed are put
 * back to the previous set, whole; a set complete before the kill stays.
 */
class BundleUpdateDirectoryTest {
    @TempDir
    Path agent;
    private Path deploy;
    private BundleUpdateDirectory dir;

    @BeforeEach
    void anUpdateOfTwoBundlesHalfMoved() throws IOException {
        deploy = Files.createDirectories(agent.resolve("deploy"));
        dir = BundleUpdateDirectory.of(deploy);
        Files.createDirectories(dir.previous());
        for (String name : List.of("jujube.hooks", "jujube.process")) {
            Files.writeString(dir.previous().resolve(name + ".jar"), "old " + name);
        }
        Files.writeString(deploy.resolve("jujube.hooks.jar"), "new jujube.hooks"); // moved before the kill
        Files.writeString(deploy.resolve("jujube.process.jar"), "old jujube.process"); // not yet
        Files.writeString(deploy.resolve("jujube.workflow.jar"), "untouched");
    }

    @Test
    void a_kill_while_jars_moved_leaves_the_previous_set_whole_and_says_why() throws IOException {
        dir.setPhase(Phase.APPLYING, "");

        assertEquals(List.of("jujube.hooks.jar", "jujube.process.jar"), dir.recover());

        assertEquals("old jujube.hooks", Files.readString(deploy.resolve("jujube.hooks.jar")));
        assertEquals("old jujube.process", Files.readString(deploy.resolve("jujube.process.jar")));
        assertEquals("untouched", Files.readString(deploy.resolve("jujube.workflow.jar")));
        assertEquals(Phase.RESTORED, dir.phase());
        assertTrue(dir.reason().contains("stopped while it moved the new bundles in"), dir.reason());
        assertEquals(List.of(), dir.recover(), "once is enough");
    }

    @Test
    void a_kill_while_putting_the_previous_jars_back_finishes_putting_them_back() throws IOException {
        dir.setPhase(Phase.ROLLING_BACK, "");
        dir.recover();
        assertEquals("old jujube.hooks", Files.readString(deploy.resolve("jujube.hooks.jar")));
        assertEquals(Phase.RESTORED, dir.phase());
    }

    @Test
    void a_set_complete_before_the_kill_stays() throws IOException {
        dir.setPhase(Phase.VERIFYING, "");
        assertEquals(List.of(), dir.recover());
        assertEquals("new jujube.hooks", Files.readString(deploy.resolve("jujube.hooks.jar")));
        assertEquals(Phase.VERIFYING, dir.phase());
    }

    @Test
    void nothing_recorded_changes_nothing_and_clear_forgets_the_update_but_not_the_cache() throws IOException {
        assertEquals(Phase.NONE, dir.phase());
        assertEquals(List.of(), dir.recover());
        Files.createDirectories(dir.cache());
        dir.setPhase(Phase.VERIFYING, "");
        dir.clear();
        assertEquals(Phase.NONE, dir.phase());
        assertFalse(Files.exists(dir.previous()));
        assertTrue(Files.isDirectory(dir.cache()));
    }

    @Test
    void a_phase_file_that_names_no_phase_is_an_error_naming_the_file() throws IOException {
        Files.createDirectories(dir.dir());
        Files.writeString(dir.dir().resolve("phase"), "HALFWAY\n");
        IOException e = assertThrows(IOException.class, () -> dir.recover());
        assertTrue(e.getMessage().contains("phase") && e.getMessage().contains("HALFWAY"), e.getMessage());
    }
}
