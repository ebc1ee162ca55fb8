package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import jujube.testkit.TestJvm;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;

/**
 * A queue journal written by a process killed with SIGKILL at a different instant each round: the queue
 * loads, and it holds the last save that returned, or the one in flight (durable before the kill), never
 * an older one.
 */
class QueueJournalKillTest extends QueueFixture {
    /** Polls the writer's progress every 5 ms, with no deadline: the writer's death also ends the wait. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(5)).forever();

    @Test
    void a_writer_killed_at_any_instant_loses_no_acknowledged_save() throws Exception {
        Path file = dir.resolve("relation-1.queue.json");
        Path acknowledged = dir.resolve("acknowledged.txt");
        for (int round = 0; round < 4; round++) {
            Process writer = TestJvm.builder(QueueSaveLoop.class, List.of(), file.toString())
                    .redirectErrorStream(true).redirectOutput(acknowledged.toFile()).start();
            POLLING.await("a first save returned")
                    .until(() -> Files.readString(acknowledged).contains("\n") || !writer.isAlive());
            Thread.sleep(100 + 150L * round); // at a different point each round
            writer.destroyForcibly(); // SIGKILL
            writer.waitFor();

            String printed = Files.readString(acknowledged);
            // the kill may have cut the last line short
            String[] whole = printed.substring(0, printed.lastIndexOf('\n')).split("\n");
            for (int i = 0; i < whole.length; i++) {
                assertEquals(Integer.toString(i), whole[i], "round " + round + ": the writer's output");
            }
            int last = whole.length - 1;
            int loaded = store().load().seen().get(new UnitName("db", 0));
            assertTrue(loaded == last || loaded == last + 1,
                    "round " + round + ": acknowledged " + last + ", loaded " + loaded);
        }
    }
}
