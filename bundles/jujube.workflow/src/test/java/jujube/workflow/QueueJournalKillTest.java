package jujube.workflow;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jujube.state.UnitName;
import jujube.testkit.TestJvm;
import org.junit.jupiter.api.Test;

/**
 * A queue journal written by a process killed with SIGKILL at a different instant each round: the queue
 * loads, and it holds the last save that returned, or the one in flight (durable before the kill), never
 * an older one.
 */
class QueueJournalKillTest extends QueueFixture {

    @Test
    void aWriterKilledAtAnyInstantLosesNoAcknowledgedSave() throws Exception {
        Path file = dir.resolve("relation-1.queue.json");
        Path acknowledged = dir.resolve("acknowledged.txt");
        for (int round = 0; round < 4; round++) {
            Process writer = TestJvm.builder(QueueSaveLoop.class, List.of(), file.toString())
                    .redirectErrorStream(true).redirectOutput(acknowledged.toFile()).start();
            while (Files.size(acknowledged) == 0 && writer.isAlive()) {
                Thread.sleep(5);
            }
            Thread.sleep(100 + 150L * round); // at a different point each round, compactions included
            writer.destroyForcibly(); // SIGKILL
            writer.waitFor();

            String printed = Files.readString(acknowledged);
            String whole = printed.substring(0, printed.lastIndexOf('\n')); // the kill may cut the last line
            assertTrue(whole.matches("(?s)[0-9]+(\n[0-9]+)*"), "round " + round + ": " + whole);
            int last = Integer.parseInt(whole.substring(whole.lastIndexOf('\n') + 1));
            int loaded = store().load().seen().get(new UnitName("db", 0));
            assertTrue(loaded == last || loaded == last + 1,
                    "round " + round + ": acknowledged " + last + ", loaded " + loaded);
        }
    }
}
