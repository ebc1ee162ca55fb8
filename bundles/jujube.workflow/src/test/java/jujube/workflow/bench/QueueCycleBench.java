package jujube.workflow.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import jujube.model.UnitName;
import jujube.workflow.HookQueue;
import jujube.workflow.RelationChange;
import jujube.workflow.Workflows;

/**
 * One hook's worth of queue steps on a big relation: n remote units joined at once, so n joined are
 * pending; then each cycle enqueues a snapshot in which one unit's settings version rose, and runs the
 * head as a unit agent does (next, executed, commit), on the real disk with every fsync. Prints the
 * wall and CPU time per cycle and the journal's size at the end. Not a test: bench/queue/run.sh runs it.
 */
public final class QueueCycleBench {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory(Path.of(args.length > 0 ? args[0] : "."), "queue-cycle");
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        System.out.println("| remote units | pending at start | cycles | wall per cycle | CPU per cycle | journal at end |");
        System.out.println("| --- | --- | --- | --- | --- | --- |");
        for (int n : new int[] {100, 999}) {
            cycle(dir.resolve("warm-" + n + ".queue.json"), n, cycles / 4); // a first pass warms the JIT
            cycle(dir.resolve("relation-" + n + ".queue.json"), n, cycles);
        }
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    private static void cycle(Path file, int n, int cycles) throws IOException {
        HookQueue queue = Workflows.hookQueue(Workflows.fileQueueStore(file, new ObjectMapper()));
        TreeMap<UnitName, Integer> related = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            related.put(new UnitName("web", i), 0);
        }
        queue.enqueue(related);
        int pendingAtStart = queue.pending().size();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        for (int c = 0; c < cycles; c++) {
            UnitName bumped = new UnitName("web", c % n);
            related.merge(bumped, 1, Integer::sum);
            queue.enqueue(Map.copyOf(related));
            RelationChange head = queue.next().orElseThrow();
            queue.executed(head, JsonNodeFactory.instance.objectNode());
            queue.commit(head);
        }
        long wall = System.nanoTime() - start;
        cpu = threads.getCurrentThreadCpuTime() - cpu;
        if (file.getFileName().toString().startsWith("relation-")) {
            System.out.printf("| %d | %d | %d | %.2f ms | %.2f ms | %.0f KB |%n", n, pendingAtStart, cycles,
                    wall / 1e6 / cycles, cpu / 1e6 / cycles, Files.size(file) / 1e3);
        }
    }
}
