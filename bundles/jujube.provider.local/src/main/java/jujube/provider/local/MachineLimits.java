package jujube.provider.local;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one container machine may use of the host, whatever its hooks do: processes (its agent's threads
 * included; each unit's hooks are further bounded by the agent's own per-unit limit), memory (its cgroup's
 * limit: past it the kernel kills the machine's largest process, a runaway hook before the agent), and
 * disk (the size of the filesystem that holds its writable layer and its own directory).
 *
 * @param processes the most processes and threads at once, at least {@link #MIN_PROCESSES}
 * @param memoryBytes the most memory, at least {@link #MIN_MEMORY}
 * @param diskBytes the size of its disk, at least {@link #MIN_DISK}
 */
public record MachineLimits(int processes, long memoryBytes, long diskBytes) {
    /** An agent and a few units' hooks need that many threads and processes. */
    public static final int MIN_PROCESSES = 200;
    /** The agent's heap bound (256 MiB) and its JVM's own memory. */
    public static final long MIN_MEMORY = 384L << 20;
    /** Room for the agent's logs, its units' charms and state. */
    public static final long MIN_DISK = 256L << 20;
    public static final MachineLimits DEFAULT = new MachineLimits(1000, 2L << 30, 8L << 30);
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,9})\\s*([KMGT]i?B?)?", Pattern.CASE_INSENSITIVE);

    public MachineLimits {
        if (processes < MIN_PROCESSES) {
            throw new IllegalArgumentException("a machine needs at least " + MIN_PROCESSES + " processes, got " + processes);
        }
        if (memoryBytes < MIN_MEMORY) {
            throw new IllegalArgumentException("a machine needs at least " + size(MIN_MEMORY) + " of memory, got "
                    + size(memoryBytes));
        }
        if (diskBytes < MIN_DISK) {
            throw new IllegalArgumentException("a machine needs at least " + size(MIN_DISK) + " of disk, got "
                    + size(diskBytes));
        }
    }

    public MachineLimits withProcesses(int n) {
        return new MachineLimits(n, memoryBytes, diskBytes);
    }

    public MachineLimits withMemory(long bytes) {
        return new MachineLimits(processes, bytes, diskBytes);
    }

    public MachineLimits withDisk(long bytes) {
        return new MachineLimits(processes, memoryBytes, bytes);
    }

    /**
     * Parses a size: a number of bytes, or of {@code K}, {@code M}, {@code G} or {@code T} (each 1024 times
     * the one before; {@code KB}, {@code KiB} and lower case mean the same).
     *
     * @throws IllegalArgumentException naming the text when it is not a size
     */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (a number, then K, M, G or T)");
        }
        long number = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "" : m.group(2).substring(0, 1).toUpperCase(Locale.ROOT);
        int shift = switch (unit) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        return number << shift;
    }

    /** A size as {@link #parseSize} reads it: in the largest unit that divides it. */
    public static String size(long bytes) {
        String[] units = {"T", "G", "M", "K"};
        int[] shifts = {40, 30, 20, 10};
        for (int i = 0; i < units.length; i++) {
            if (bytes > 0 && bytes % (1L << shifts[i]) == 0) {
                return (bytes >> shifts[i]) + units[i];
            }
        }
        return Long.toString(bytes);
    }

    /** {@code processes=N,memory=SIZE,disk=SIZE}: how the limits travel on a command line. */
    @Override
    public String toString() {
        return "processes=" + processes + ",memory=" + size(memoryBytes) + ",disk=" + size(diskBytes);
    }

    /** Parses {@link #toString()}'s form; a key left out keeps its default. */
    public static MachineLimits parse(String text) {
        MachineLimits limits = DEFAULT;
        if (text == null || text.isBlank()) {
            return limits;
        }
        for (String pair : text.split(",")) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair.strip() : pair.substring(0, eq).strip();
            String value = eq < 0 ? "" : pair.substring(eq + 1).strip();
            limits = switch (key) {
                case "processes" -> {
                    if (!value.matches("[0-9]{1,9}")) {
                        throw new IllegalArgumentException("processes must be a number, got '" + value + "'");
                    }
                    yield limits.withProcesses(Integer.parseInt(value));
                }
                case "memory" -> limits.withMemory(parseSize(value));
                case "disk" -> limits.withDisk(parseSize(value));
                default -> throw new IllegalArgumentException("'" + key + "' is not a machine limit (processes, memory, disk)");
            };
        }
        return limits;
    }
}
