package jujube.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MountEntryTest {
    @Test
    void a_line_gives_its_root_point_type_and_both_kinds_of_options_with_escapes_undone() {
        MountEntry m = MountEntry.parse("36 25 7:0 /lxc/x /run/my\\040disk rw,nosuid shared:5 - ext4 /dev/loop0 rw,noatime")
                .orElseThrow();
        assertEquals(new MountEntry("/lxc/x", Path.of("/run/my disk"), "ext4", List.of("rw", "nosuid", "rw", "noatime")), m);
    }

    @Test
    void what_is_not_a_mount_line_is_left_out() {
        assertEquals(Optional.empty(), MountEntry.parse(""));
        assertEquals(Optional.empty(), MountEntry.parse("36 25 7:0 / /run rw - ext4"));
    }

    @Test
    void this_process_has_a_root_mount() throws Exception {
        assertTrue(MountEntry.ofThisProcess().stream().anyMatch(m -> m.point().equals(Path.of("/"))));
    }
}
