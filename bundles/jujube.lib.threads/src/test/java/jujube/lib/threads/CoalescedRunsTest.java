package jujube.lib.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class CoalescedRunsTest {
    /** An executor that runs nothing until told: what is queued is what it was asked to run. */
    private final Queue<Runnable> queued = new ArrayDeque<>();
    private final List<String> runs = new ArrayList<>();

    @Test
    void requests_before_a_run_starts_share_it() {
        CoalescedRuns passes = new CoalescedRuns(queued::add, () -> runs.add("pass"));
        passes.request();
        passes.request();
        passes.request();
        assertEquals(1, queued.size());
        queued.remove().run();
        assertEquals(List.of("pass"), runs);
        assertEquals(0, queued.size());
    }

    @Test
    void a_request_during_a_run_queues_one_more() {
        CoalescedRuns[] passes = new CoalescedRuns[1];
        passes[0] = new CoalescedRuns(queued::add, () -> {
            runs.add("pass " + runs.size());
            if (runs.size() == 1) {
                passes[0].request(); // what it is about came after this run looked
                passes[0].request();
            }
        });
        passes[0].request();
        queued.remove().run();
        assertEquals(1, queued.size());
        queued.remove().run();
        assertEquals(List.of("pass 0", "pass 1"), runs);
        assertEquals(0, queued.size());
    }

    @Test
    void an_executor_that_refuses_is_asked_once() {
        int[] asked = new int[1];
        CoalescedRuns passes = new CoalescedRuns(task -> {
            asked[0]++;
            throw new RejectedExecutionException("stopping");
        }, () -> runs.add("pass"));
        passes.request();
        passes.request();
        assertEquals(1, asked[0]);
        assertEquals(List.of(), runs);
    }
}
