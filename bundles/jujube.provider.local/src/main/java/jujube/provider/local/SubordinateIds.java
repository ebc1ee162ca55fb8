package jujube.provider.local;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import jujube.files.AtomicFiles;

/**
 * The host's subordinate id ranges ({@code /etc/subuid}, {@code /etc/subgid}: {@code name:start:count}
 * per line), from which root's range becomes the {@link MachineIds} of the environment's container
 * machines. LXC maps a container's ids through {@code newuidmap} when the shadow tools are installed,
 * which accepts only ranges these files give the user; root has none on a fresh Debian host, so one is
 * added, the first {@link MachineIds#COUNT}-id block from 100000 that no entry of either file overlaps,
 * the same in both files where it can be.
 */
public final class SubordinateIds {
    private static final long FIRST = 100_000;
    private static final long HOST_LIMIT = 1L << 32;
    private final Path subuid;
    private final Path subgid;
    private final Path lock;

    /** The files of this host, locked against a concurrent bootstrap through {@code /run/lock}. */
    public static SubordinateIds host() {
        return new SubordinateIds(Path.of("/etc/subuid"), Path.of("/etc/subgid"), Path.of("/run/lock/jujube-subids.lock"));
    }

    public SubordinateIds(Path subuid, Path subgid, Path lock) {
        this.subuid = subuid;
        this.subgid = subgid;
        this.lock = lock;
    }

    /** One line of either file. */
    record Entry(String owner, long start, long count) {
        boolean root() {
            return owner.equals("root") || owner.equals("0");
        }

        boolean overlaps(long otherStart, long otherCount) {
            return start < otherStart + otherCount && otherStart < start + count;
        }

        /** The entry a line holds; empty for comments, blank lines and lines that are not entries. */
        static Optional<Entry> parse(String line) {
            String[] fields = line.strip().split(":");
            if (fields.length != 3 || fields[0].isEmpty() || line.strip().startsWith("#")) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Entry(fields[0], Long.parseLong(fields[1]), Long.parseLong(fields[2])));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * Root's ranges, each at least {@link MachineIds#COUNT} ids (the first of each file that is), added to
     * the files where root has none.
     *
     * @throws IOException when the files cannot be read or written
     */
    public MachineIds ensureRootRange() throws IOException {
        Files.createDirectories(lock.getParent());
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            List<Entry> uids = entries(subuid);
            List<Entry> gids = entries(subgid);
            Optional<Entry> uid = rootRange(uids);
            Optional<Entry> gid = rootRange(gids);
            if (uid.isEmpty() || gid.isEmpty()) {
                long shared = free(uids, gids).orElse(-1L);
                long uidStart = uid.map(Entry::start).orElseGet(() -> shared >= 0 ? shared : free(uids, uids).orElseThrow());
                long gidStart = gid.map(Entry::start).orElseGet(() -> shared >= 0 ? shared : free(gids, gids).orElseThrow());
                if (uid.isEmpty()) {
                    append(subuid, uidStart);
                }
                if (gid.isEmpty()) {
                    append(subgid, gidStart);
                }
                return new MachineIds(uidStart, gidStart, MachineIds.COUNT);
            }
            return new MachineIds(uid.get().start(), gid.get().start(), MachineIds.COUNT);
        }
    }

    private static Optional<Entry> rootRange(List<Entry> entries) {
        return entries.stream().filter(Entry::root).filter(e -> e.start() > 0 && e.count() >= MachineIds.COUNT).findFirst();
    }

    /** The first block from {@link #FIRST} that overlaps no entry of either list. */
    private static Optional<Long> free(List<Entry> a, List<Entry> b) {
        for (long start = FIRST; start + MachineIds.COUNT < HOST_LIMIT; start += MachineIds.COUNT) {
            long s = start;
            if (a.stream().noneMatch(e -> e.overlaps(s, MachineIds.COUNT))
                    && b.stream().noneMatch(e -> e.overlaps(s, MachineIds.COUNT))) {
                return Optional.of(start);
            }
        }
        return Optional.empty();
    }

    private static List<Entry> entries(Path file) throws IOException {
        List<Entry> entries = new ArrayList<>();
        try {
            if (Files.size(file) > 1 << 20) {
                throw new IOException(file + " is over 1 MiB: not a subordinate id file");
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Entry.parse(line).ifPresent(entries::add);
            }
        } catch (NoSuchFileException e) {
            // no file: nobody has a range yet
        }
        return entries;
    }

    /** Adds {@code root:start:COUNT} to the file, keeping what it holds; the file stays 0644, as shadow's tools make it. */
    private static void append(Path file, long start) throws IOException {
        String before = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        if (!before.isEmpty() && !before.endsWith("\n")) {
            before += "\n";
        }
        AtomicFiles.write(file, (before + "root:" + start + ":" + MachineIds.COUNT + "\n").getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }
}
