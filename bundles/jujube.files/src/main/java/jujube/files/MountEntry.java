package jujube.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One line of a process's mount table ({@code /proc/self/mountinfo}): what part of its filesystem is
 * mounted ({@code root}), where, its type, and its options (the mount's and the filesystem's together).
 *
 * @param root the path within the filesystem that is mounted ({@code /} for the whole of it)
 * @param point where it is mounted
 * @param type the filesystem type ({@code ext4}, {@code cgroup}, {@code cgroup2} ...)
 * @param options the mount's options, then the filesystem's
 * @since 1.6
 */
public record MountEntry(String root, Path point, String type, List<String> options) {
    public MountEntry {
        options = List.copyOf(options);
    }

    /** This process's mounts, in mount order. */
    public static List<MountEntry> ofThisProcess() throws IOException {
        return read(Path.of("/proc/self/mountinfo"));
    }

    /** The mounts a mountinfo file lists; lines it cannot read are left out. */
    public static List<MountEntry> read(Path mountinfo) throws IOException {
        return Files.readAllLines(mountinfo, StandardCharsets.UTF_8).stream().map(MountEntry::parse)
                .flatMap(Optional::stream).toList();
    }

    /** The mount a line of mountinfo describes, empty when the line is not one. */
    public static Optional<MountEntry> parse(String line) {
        String[] fields = line.split(" ");
        int dash = Arrays.asList(fields).indexOf("-");
        if (dash < 6 || fields.length < dash + 4) {
            return Optional.empty();
        }
        List<String> options = new ArrayList<>(Arrays.asList(fields[5].split(",")));
        options.addAll(Arrays.asList(fields[dash + 3].split(",")));
        return Optional.of(new MountEntry(unescape(fields[3]), Path.of(unescape(fields[4])), fields[dash + 1], options));
    }

    /** mountinfo writes space, tab, newline and backslash as octal escapes. */
    private static String unescape(String field) {
        StringBuilder out = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
