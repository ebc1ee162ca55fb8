package jujube.workflow.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.model.UnitName;
import jujube.workflow.HookQueue;
import jujube.workflow.QueueState;
import jujube.workflow.QueueStore;
import jujube.workflow.RelationChange;
import jujube.workflow.Workflows;

/**
 * One unit's hook queue on a relation of n remote units that all join at once: the queue is drained
 * as a unit agent drains it (claim, commit; a joined is followed by its changed), on the real disk with
 * every fsync. Prints, per n, the saves, the bytes handed to write(2) (from /proc/self/io), the largest
 * file, and the wall and CPU time of the drain. Not a test: bench/queue/run.sh runs it; arguments after
 * the directory replace the default sizes.
 */
public final class QueueDrainBench {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory(Path.of(args.length > 0 ? args[0] : "."), "queue-bench");
        System.out.println("| remote units | hooks | saves | bytes written | largest file | wall | CPU |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
        int[] sizes = args.length > 1 ? java.util.Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {25, 50, 100, 200};
        for (int n : sizes) {
            drain(dir.resolve("relation-" + n + ".queue.json"), n); // a first pass warms the JIT
            Files.deleteIfExists(dir.resolve("relation-" + n + ".queue.json"));
            drain(dir.resolve("relation-" + n + ".queue.json"), n).print(n);
        }
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    private record Result(int hooks, int saves, long bytes, long largest, long wallNanos, long cpuNanos) {
        void print(int n) {
            System.out.printf("| %d | %d | %d | %.0f KB | %.0f KB | %.2f s | %.2f s |%n", n, hooks, saves,
                    bytes / 1e3, largest / 1e3, wallNanos / 1e9, cpuNanos / 1e9);
        }
    }

    private static Result drain(Path file, int n) throws IOException {
        QueueStore files = Workflows.fileQueueStore(file, new ObjectMapper());
        int[] saves = {0};
        long[] largest = {0};
        QueueStore counted = new QueueStore() {
            @Override
            public QueueState load() {
                return files.load();
            }

            @Override
            public void save(QueueState state) {
                files.save(state);
                saves[0]++;
                try {
                    largest[0] = Math.max(largest[0], Files.size(file));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        HookQueue queue = Workflows.hookQueue(counted);
        Map<UnitName, Integer> related = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            related.put(UnitName.parse("web/" + i), 0);
        }
        long written = writtenBytes();
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long start = System.nanoTime();
        queue.enqueue(related);
        int hooks = 0;
        for (Optional<RelationChange> next = queue.next(); next.isPresent(); next = queue.next()) {
            queue.commit(next.get());
            hooks++;
        }
        return new Result(hooks, saves[0], writtenBytes() - written, largest[0], System.nanoTime() - start,
                ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu);
    }

    /** Bytes this process handed to write(2) so far ({@code wchar}). */
    private static long writtenBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("wchar:")) {
                return Long.parseLong(line.substring(6).strip());
            }
        }
        throw new IOException("no wchar in /proc/self/io");
    }
}
