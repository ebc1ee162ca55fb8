package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import jujube.provider.local.HostMounts;
import jujube.provider.local.MachineIds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A machine's disk, made and mounted for real (the suite runs as root, as containers need). */
class MachineDiskTest {
    private static final MachineIds IDS = new MachineIds(100_000, 100_000, 65_536);
    private static final long SIZE = 32L << 20;

    @TempDir
    Path tmp;

    @AfterEach
    void unmount() throws IOException {
        HostMounts.unmountAll(tmp);
    }

    @Test
    void the_disk_is_made_once_mounted_and_its_directories_are_the_machines_roots() throws Exception {
        MachineDisk disk = new MachineDisk(tmp.resolve("env/containers/m-1/disk.img"), tmp.resolve("run/machine-1"));
        disk.attach(SIZE, IDS);
        assertTrue(HostMounts.mounted(disk.mount()));
        assertEquals(SIZE, Files.size(disk.image()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(disk.image())));
        for (Path dir : new Path[] {disk.home(), disk.upper(), disk.work()}) {
            assertEquals(100_000, Files.getAttribute(dir, "unix:uid"), dir::toString);
        }
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(disk.upper())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(disk.home())));

        Files.writeString(disk.home().resolve("kept"), "across an attach");
        disk.attach(SIZE, IDS); // the next start: mounted already, nothing made again
        assertEquals("across an attach", Files.readString(disk.home().resolve("kept")));
        HostMounts.unmount(disk.mount());
        disk.attach(SIZE, IDS); // after a reboot: the image is mounted again, its content whole
        assertEquals("across an attach", Files.readString(disk.home().resolve("kept")));
    }

    @Test
    void writing_past_the_disks_size_fails_there_and_takes_nothing_of_the_hosts_disk() throws Exception {
        MachineDisk disk = new MachineDisk(tmp.resolve("disk.img"), tmp.resolve("machine-2"));
        disk.attach(SIZE, IDS);
        long hostFreeBefore = Files.getFileStore(tmp).getUsableSpace();
        byte[] block = new byte[1 << 20];
        long written = 0;
        IOException full = null;
        try (OutputStream out = Files.newOutputStream(disk.upper().resolve("filler"))) {
            for (int i = 0; i < 4 * SIZE / block.length; i++) {
                out.write(block);
                written += block.length;
            }
        } catch (IOException e) {
            full = e;
        }
        assertTrue(full != null && full.getMessage().contains("No space left"), "the disk fills: " + full);
        assertTrue(written < SIZE, "at most the disk's size: " + written);
        long hostUsed = hostFreeBefore - Files.getFileStore(tmp).getUsableSpace();
        assertTrue(hostUsed < 2 * SIZE, "the image grows at most to its size on the host's disk: " + hostUsed);
    }

    @Test
    void a_link_where_the_host_expects_a_directory_is_not_followed() throws Exception {
        Path target = Files.createDirectories(tmp.resolve("host-dir"));
        Path link = Files.createSymbolicLink(tmp.resolve("planted"), target);
        IOException e = assertThrows(IOException.class, () -> MachineDisk.owned(link, "rwx------", IDS));
        assertTrue(e.getMessage().contains("symbolic link"), e.getMessage());
        assertEquals(0, Files.getAttribute(target, "unix:uid"), "the link's target kept its owner");
    }

    @Test
    void destroying_the_disk_unmounts_and_deletes_it() throws Exception {
        MachineDisk disk = new MachineDisk(tmp.resolve("disk.img"), tmp.resolve("machine-3"));
        disk.attach(SIZE, IDS);
        disk.destroy();
        assertFalse(HostMounts.mounted(disk.mount()));
        assertFalse(Files.exists(disk.image()));
        assertFalse(Files.exists(disk.mount()));
    }
}
