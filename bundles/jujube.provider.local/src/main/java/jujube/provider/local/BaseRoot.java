package jujube.provider.local;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import jujube.files.AtomicFiles;
import jujube.files.FileTrees;

/**
 * The root filesystem every container machine of this host starts from: a minimal Debian of the host's
 * own release, made once per host with {@code mmdebstrap} from the host's package mirror, with what an
 * agent and the usual hook need beyond it ({@link #PACKAGES}), its files owned by the machines' ids
 * ({@link MachineIds}) so that a machine's root owns them. Machines share it read-only, each under an
 * overlay of its own; it holds nothing of the host. The JDK and Jujube's distribution are not in it:
 * they are bound into each machine read-only.
 *
 * <p>A root is kept under {@link #DEFAULT_PARENT} in a directory named after its recipe (release, mirror,
 * packages, ids), made whole beside it and renamed into place, so it exists only complete; a changed
 * recipe makes another, and roots machines still use are never rewritten. One bootstrap makes it while
 * others wait on a lock.
 *
 * @param suite the Debian or Ubuntu release, {@code bookworm}
 * @param mirror the package mirror
 * @param ids the host ids that own its files
 */
public record BaseRoot(Path parent, String suite, String mirror, MachineIds ids) {
    /** Where roots are kept: shared by every environment of the host, surviving them. */
    public static final Path DEFAULT_PARENT = Path.of("/var/lib/jujube/machine-roots");
    /** Beyond Debian's minimal base: debug-hooks' terminal, the hooks' usual interpreters and network tools. */
    public static final List<String> PACKAGES = List.of("python3", "iproute2", "tmux", "procps");
    private static final String MARKER = ".jujube-base-root";
    private static final long BUILD_TIMEOUT_MINUTES = 20;

    /** The root for this host's release and mirror ({@link #hostRelease}), owned by {@code ids}. */
    public static BaseRoot forHost(Path parent, MachineIds ids) {
        HostRelease release = hostRelease(Path.of("/etc/os-release"), Path.of("/etc/apt"), System.getenv());
        return new BaseRoot(parent, release.suite(), release.mirror(), ids);
    }

    /** A release and where its packages come from. */
    public record HostRelease(String suite, String mirror) {}

    /**
     * The host's release ({@code VERSION_CODENAME} of {@code os-release}: a machine's libraries must be
     * those the host's JDK was built for) and mirror: {@code JUJUBE_MACHINE_MIRROR} when set, else the
     * first of the host's apt sources serving that release, else Debian's (or Ubuntu's) main mirror.
     */
    static HostRelease hostRelease(Path osRelease, Path aptDir, Map<String, String> env) {
        Map<String, String> fields = new java.util.HashMap<>();
        try {
            for (String line : Files.readAllLines(osRelease, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    fields.put(line.substring(0, eq), line.substring(eq + 1).replace("\"", "").strip());
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot tell this host's release from " + osRelease + ": " + e.getMessage());
        }
        String suite = fields.getOrDefault("VERSION_CODENAME", "");
        if (!suite.matches("[a-z]{2,32}")) {
            throw new IllegalStateException(osRelease + " names no release (VERSION_CODENAME), which machines must share");
        }
        String mirror = env.getOrDefault("JUJUBE_MACHINE_MIRROR", "");
        if (mirror.isBlank()) {
            mirror = aptMirror(aptDir, suite).orElse("ubuntu".equals(fields.get("ID"))
                    ? "http://archive.ubuntu.com/ubuntu" : "http://deb.debian.org/debian");
        }
        return new HostRelease(suite, mirror.strip());
    }

    /** The first source of {@code sources.list} or {@code sources.list.d/*.sources} serving {@code suite}. */
    private static Optional<String> aptMirror(Path aptDir, String suite) {
        List<Path> files = new ArrayList<>(List.of(aptDir.resolve("sources.list")));
        try (DirectoryStream<Path> d = Files.newDirectoryStream(aptDir.resolve("sources.list.d"), "*.{list,sources}")) {
            d.forEach(files::add);
        } catch (IOException e) {
            // no directory: sources.list alone
        }
        for (Path file : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                continue;
            }
            String uri = null;
            for (String raw : lines) {
                String line = raw.strip();
                String[] words = line.split("\\s+");
                if (words.length >= 3 && words[0].equals("deb") && words[1].matches("https?://\\S+")
                        && words[2].equals(suite)) {
                    return Optional.of(words[1]);
                }
                if (line.startsWith("URIs:") && words.length >= 2 && words[1].matches("https?://\\S+")) {
                    uri = words[1];
                } else if (line.isEmpty()) {
                    uri = null;
                } else if (line.startsWith("Suites:") && uri != null && List.of(words).subList(1, words.length).contains(suite)) {
                    return Optional.of(uri);
                }
            }
        }
        return Optional.empty();
    }

    /** Where this root is: its recipe's name under the parent. */
    public Path dir() {
        return parent.resolve("debian-" + suite + "-" + digest(recipe()).substring(0, 12));
    }

    /** Whether it is made: present, whole, and of this recipe. */
    public boolean ready() {
        try {
            return recipe().equals(Files.readString(dir().resolve(MARKER), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return false;
        }
    }

    /** What the root is made of; a different text is a different root. */
    private String recipe() {
        return "suite " + suite + "\nmirror " + mirror + "\npackages " + String.join(",", PACKAGES) + "\nids " + ids + "\n";
    }

    /** Whether this host can make a root: {@code mmdebstrap} is installed. */
    public static boolean canMake(String path) {
        return HostCommand.onPath("mmdebstrap", path);
    }

    /**
     * Makes the root unless it is ready; returns its directory. Progress lines (the package tool's steps)
     * go to {@code progress} as they come.
     *
     * @throws IOException naming what failed, with the tool's last lines
     */
    public Path ensure(Consumer<String> progress) throws IOException {
        // also for a root made already: an earlier version left the directories above it private
        HostDirectories.traversable(parent);
        if (ready()) {
            return dir();
        }
        try (FileChannel channel = FileChannel.open(parent.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                progress.accept("waiting for another bootstrap that prepares it");
                lock = channel.lock();
            }
            try (FileLock held = lock) {
                if (ready()) {
                    return dir();
                }
                build(progress);
                return dir();
            }
        }
    }

    private void build(Consumer<String> progress) throws IOException {
        Path partial = parent.resolve(dir().getFileName() + ".partial");
        FileTrees.delete(partial); // a build a crash cut short
        FileTrees.delete(dir()); // one without its marker: never finished
        long t0 = System.nanoTime();
        List<String> command = List.of("mmdebstrap", "--variant=minbase", "--include=" + String.join(",", PACKAGES),
                suite, partial.toString(), mirror);
        progress.accept("running " + String.join(" ", command));
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        Deque<String> last = new ArrayDeque<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (last.size() == 10) {
                    last.removeFirst();
                }
                last.addLast(line);
                if (line.startsWith("I: ")) {
                    progress.accept(line.substring(3));
                }
            }
        }
        try {
            if (!p.waitFor(BUILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException("mmdebstrap did not finish within " + BUILD_TIMEOUT_MINUTES + " minutes");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the machines' base root");
        }
        if (p.exitValue() != 0) {
            FileTrees.delete(partial);
            throw new IOException("mmdebstrap failed (exit " + p.exitValue() + ") making the machines' base root from "
                    + mirror + ": " + String.join(" | ", last));
        }
        progress.accept("giving its files to the machines' ids " + ids);
        shiftOwners(partial, ids);
        Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
        AtomicFiles.write(partial.resolve(MARKER), recipe().getBytes(StandardCharsets.UTF_8));
        Files.move(partial, dir());
        progress.accept(String.format("made in %.1f s: %s", (System.nanoTime() - t0) / 1e9, dir()));
    }

    /**
     * Gives every file of the tree, links included, to the machines' ids: host id {@code n} (below the
     * range's size) becomes {@code ids.uid() + n}. Changing an owner clears a set-uid bit, so the mode is
     * set again after. Ids already in the range are left, so a second pass changes nothing.
     */
    static void shiftOwners(Path root, MachineIds ids) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                shift(dir, ids);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                shift(file, ids);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void shift(Path p, MachineIds ids) throws IOException {
        Map<String, Object> a = Files.readAttributes(p, "unix:uid,gid,mode,isSymbolicLink", LinkOption.NOFOLLOW_LINKS);
        int uid = (Integer) a.get("uid");
        int gid = (Integer) a.get("gid");
        if (uid >= ids.count() && gid >= ids.count()) {
            return;
        }
        if (uid < ids.count()) {
            Files.setAttribute(p, "unix:uid", (int) ids.hostUid(uid), LinkOption.NOFOLLOW_LINKS);
        }
        if (gid < ids.count()) {
            Files.setAttribute(p, "unix:gid", (int) ids.hostGid(gid), LinkOption.NOFOLLOW_LINKS);
        }
        if (!(Boolean) a.get("isSymbolicLink")) {
            Files.setAttribute(p, "unix:mode", a.get("mode"));
        }
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
