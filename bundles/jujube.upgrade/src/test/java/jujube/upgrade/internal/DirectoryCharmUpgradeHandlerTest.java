package jujube.upgrade.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jujube.charm.CharmArchives;
import jujube.spi.CharmUpgrade;
import jujube.spi.CharmUpgradeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryCharmUpgradeHandlerTest {
    private final DirectoryCharmUpgradeHandler handler = new DirectoryCharmUpgradeHandler();

    @Test
    void replaces_the_charm_and_leaves_no_old_file(@TempDir Path dir) throws Exception {
        Path charm = charm(dir.resolve("unit/charm"), "1", "old-only.txt");
        Path archive = archive(dir, "2", "new-only.txt");
        handler.upgrade(new CharmUpgrade("wordpress/0", charm, archive, "local:precise/wordpress-2"));
        assertEquals("2", Files.readString(charm.resolve("revision")).trim());
        assertEquals(Set.of("metadata.yaml", "revision", "new-only.txt", "hooks"), names(charm));
        assertTrue(Files.isExecutable(charm.resolve("hooks/install")), "modes kept");
        assertEquals(Set.of("charm"), names(dir.resolve("unit")), "no .new or .old left");
    }

    @Test
    void a_broken_archive_leaves_the_old_charm_whole(@TempDir Path dir) throws Exception {
        Path charm = charm(dir.resolve("unit/charm"), "1", "old-only.txt");
        Path broken = Files.writeString(dir.resolve("broken.charm"), "not a zip");
        CharmUpgradeException e = assertThrows(CharmUpgradeException.class,
                () -> handler.upgrade(new CharmUpgrade("wordpress/0", charm, broken, "local:precise/wordpress-2")));
        assertTrue(e.getMessage().startsWith("charm upgrade of unit wordpress/0 to local:precise/wordpress-2 failed"),
                e.getMessage());
        assertEquals("1", Files.readString(charm.resolve("revision")).trim());
        assertEquals(Set.of("charm"), names(dir.resolve("unit")));
    }

    @Test
    void a_crash_between_the_renames_is_recovered_before_the_next_upgrade(@TempDir Path dir) throws Exception {
        Path charm = charm(dir.resolve("unit/charm"), "1", "old-only.txt");
        Files.move(charm, dir.resolve("unit/charm.old")); // as if killed after the first rename
        DirectoryCharmUpgradeHandler.recover(charm);
        assertEquals("1", Files.readString(charm.resolve("revision")).trim());
        assertFalse(Files.exists(dir.resolve("unit/charm.old")));

        Files.move(charm, dir.resolve("unit/charm.old"));
        handler.upgrade(new CharmUpgrade("wordpress/0", charm, archive(dir, "3", "x.txt"), "local:precise/wordpress-3"));
        assertEquals("3", Files.readString(charm.resolve("revision")).trim());
        assertEquals(Set.of("charm"), names(dir.resolve("unit")));
    }

    private static Path charm(Path at, String revision, String extraFile) throws Exception {
        Files.createDirectories(at.resolve("hooks"));
        Files.writeString(at.resolve("metadata.yaml"), "name: wordpress\nsummary: s\ndescription: d\n");
        Files.writeString(at.resolve("revision"), revision + "\n");
        Files.writeString(at.resolve(extraFile), "x");
        Path hook = Files.writeString(at.resolve("hooks/install"), "#!/bin/sh\n");
        hook.toFile().setExecutable(true);
        return at;
    }

    private static Path archive(Path dir, String revision, String extraFile) throws Exception {
        Path src = charm(dir.resolve("src-" + revision), revision, extraFile);
        return CharmArchives.build(src, dir.resolve("wordpress-" + revision + ".charm")).path();
    }

    private static Set<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
