package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The agents' logs on the real distribution, bounded to 3 files of 64 KiB for the test
 * ({@code JUJUBE_AGENT_LOG_FILES}, {@code JUJUBE_AGENT_LOG_SIZE}): a hook prints about half a megabyte, which the
 * machine agent logs line by line. Its log directory then holds exactly 3 files, none more than one
 * record past the size; the records they keep are the newest and follow each other without a gap, and
 * {@code logs/machine-0/} reads them. Both kinds of machine: a process machine's agent writes in
 * {@code logs/machine-0/} itself, a container's in the machine's directory on its own disk, which the host
 * mounts there.
 */
@ResourceLock(ContainerMachines.LOCK)
class LogRotationIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final int LINES = 900; // within the hook invoker's 1,000 logged lines of a hook
    private static final Pattern OUTPUT = Pattern.compile("unit=chatty/0 hook=install: line ([0-9]+) x+$");
    /** The size, and one record past it at most. */
    private static final long MAX_FILE_BYTES = 64 * 1024 + 1024;

    @AutoClose // destroys the environment after the test
    private Environment env;

    @Test
    void a_process_machines_log_and_the_controllers_stay_within_their_bound() throws Exception {
        logALot("process");
        assertTrue(Files.size(env.dir().resolve("logs/controller.log")) > 0);
        assertTrue(Files.readString(env.dir().resolve("logs/controller.out")).contains("controller up in"));
    }

    @Test
    void a_container_machines_log_stays_within_its_bound() throws Exception {
        logALot("container");
    }

    private void logALot(String machines) throws Exception {
        Path home = SCRATCH.make("jujube-logs");
        env = Environment.bootstrap(home, "logs", Map.of("JUJUBE_AGENT_LOG_SIZE", "64KB", "JUJUBE_AGENT_LOG_FILES", "3"),
                "--machines", machines);
        TestCharms charms = new TestCharms(home.resolve("repository"));
        charms.write("chatty", 1, "", Map.of(
                "install", "line=$(printf '%0500d' 0 | tr 0 x)\n"
                        + "seq 0 " + (LINES - 1) + " | sed \"s/.*/line & $line/\"\n" + TestCharms.logs("install"),
                "start", TestCharms.logs("start")));
        env.ok("deploy", "--repository", charms.repository().toString(), "local:chatty");
        env.awaitUnits(Map.of("chatty/0", "started"));
        env.awaitHookLine("chatty/0", "start -");

        Path dir = machines.equals("process") ? env.dir().resolve("logs/machine-0") : env.machineDir(0).resolve("log");
        Map<String, Long> sizes = sizes(dir);
        assertEquals(List.of("machine-0.log", "machine-0.log.1", "machine-0.log.2"), List.copyOf(sizes.keySet()));
        sizes.forEach((name, size) -> assertTrue(size <= MAX_FILE_BYTES, name + ": " + size + " bytes"));

        List<String> kept = new ArrayList<>();
        for (String name : List.of("machine-0.log.2", "machine-0.log.1", "machine-0.log")) {
            kept.addAll(Files.readAllLines(dir.resolve(name)));
        }
        List<Integer> numbers = new ArrayList<>();
        for (String line : kept) {
            Matcher m = OUTPUT.matcher(line);
            if (m.find()) {
                numbers.add(Integer.parseInt(m.group(1)));
            }
        }
        assertTrue(!numbers.isEmpty() && numbers.get(numbers.size() - 1) == LINES - 1, "the newest output is kept");
        assertTrue(numbers.get(0) > 0, "the oldest is gone");
        for (int i = 1; i < numbers.size(); i++) {
            assertEquals(numbers.get(i - 1) + 1, numbers.get(i), "no record lost between two files");
        }
        assertTrue(String.join("\n", kept).contains("unit=chatty/0 hook=start"), "the start hook ran after, and is kept");
        assertEquals(Files.readAllLines(dir.resolve("machine-0.log")),
                Files.readAllLines(env.dir().resolve("logs/machine-0/machine-0.log")),
                "logs/machine-0/machine-0.log reads the file being written");
    }

    private static Map<String, Long> sizes(Path dir) throws Exception {
        Map<String, Long> sizes = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (f.getFileName().toString().startsWith("machine-0.log")) {
                    sizes.put(f.getFileName().toString(), Files.size(f));
                }
            }
        }
        return sizes;
    }
}
