package jujube.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jujube.files.MountEntry;

/**
 * The host's mounts of an environment's container machines, made and removed with the host's
 * {@code mount} and {@code umount} (as root): a machine's disk image, and the read-only views of the
 * charm storage and the distribution that machines bind from. Found through {@code /proc/self/mountinfo}.
 */
public final class HostMounts {
    private HostMounts() {
    }

    /** Whether {@code dir} is a mount point now. */
    public static boolean mounted(Path dir) throws IOException {
        return mountPoints().contains(dir.toAbsolutePath().normalize());
    }

    /** Every mount point of this process's namespace, in mount order. */
    static List<Path> mountPoints() throws IOException {
        return MountEntry.ofThisProcess().stream().map(MountEntry::point).toList();
    }

    /**
     * Makes an ext4 filesystem in {@code image} (a file of its size), its root directory owned by
     * {@code uid:gid}, its inode tables initialized lazily, no blocks reserved for root.
     */
    public static void makeFilesystem(Path image, long uid, long gid) throws IOException {
        HostCommand.check(List.of("mkfs.ext4", "-q", "-F", "-m", "0",
                "-E", "root_owner=" + uid + ":" + gid + ",lazy_itable_init=1,lazy_journal_init=1", image.toString()), 120);
    }

    /** Mounts the filesystem in {@code image} at {@code dir} through a loop device, without set-uid files or devices. */
    public static void mountImage(Path image, Path dir) throws IOException {
        HostCommand.check(List.of("mount", "-o", "loop,nosuid,nodev,noatime", image.toString(), dir.toString()), 60);
    }

    /**
     * Binds {@code source} at {@code dir} read-only, replacing a bind there that no longer shows
     * {@code source} (the directory was made anew, as a rebuild makes the distribution).
     */
    public static void bindReadOnly(Path source, Path dir) throws IOException {
        Files.createDirectories(dir);
        if (mounted(dir)) {
            Object there = Files.readAttributes(dir, BasicFileAttributes.class).fileKey();
            if (there.equals(Files.readAttributes(source, BasicFileAttributes.class).fileKey())) {
                return;
            }
            unmount(dir);
        }
        HostCommand.check(List.of("mount", "--bind", source.toString(), dir.toString()), 60);
        HostCommand.check(List.of("mount", "-o", "remount,bind,ro,nosuid,nodev", dir.toString()), 60);
    }

    /**
     * Binds {@code source} at {@code dir} (made if missing) read-write, with the flags of the mount it is
     * on (a machine's disk: no set-uid files nor devices); a bind there already is kept.
     */
    public static void bind(Path source, Path dir) throws IOException {
        Files.createDirectories(dir);
        if (!mounted(dir)) {
            HostCommand.check(List.of("mount", "--bind", source.toString(), dir.toString()), 60);
        }
    }

    /** Unmounts {@code dir}; lazily when it is busy (a process of a stopped machine still exiting). */
    public static void unmount(Path dir) throws IOException {
        HostCommand.Result r = HostCommand.run(List.of("umount", dir.toString()), 60);
        if (r.exitCode() != 0 && mounted(dir)) {
            HostCommand.check(List.of("umount", "--lazy", dir.toString()), 60);
        }
    }

    /** Unmounts every mount at or below {@code dir}, the deepest first. */
    public static void unmountAll(Path dir) throws IOException {
        Path top = dir.toAbsolutePath().normalize();
        List<Path> below = new ArrayList<>(mountPoints().stream().filter(p -> p.startsWith(top)).distinct().toList());
        below.sort(Comparator.comparingInt(Path::getNameCount).reversed());
        for (Path point : below) {
            for (int stacked = 0; stacked < 16 && mounted(point); stacked++) {
                unmount(point); // one at a time: a point may hold several mounts, one on another
            }
        }
    }
}
