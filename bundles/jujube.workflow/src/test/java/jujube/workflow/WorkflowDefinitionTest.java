package jujube.workflow;

import static jujube.workflow.Transition.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkflowDefinitionTest {

    private static String invalid(List<Transition> transitions) {
        return assertThrows(IllegalArgumentException.class, () -> new WorkflowDefinition(transitions)).getMessage();
    }

    @Test
    void malformed_definitions_are_refused_with_the_reason() {
        assertEquals("duplicate transition id 'a'", invalid(List.of(of("a", "none", "x"), of("a", "x", "y"))));
        assertEquals("two automatic transitions leave 'none'",
                invalid(List.of(of("a", "none", "x").automatically(), of("b", "none", "y").automatically())));
        assertEquals("error transition 'e' of 'a' must exist and leave 'none'",
                invalid(List.of(of("a", "none", "x").onError("e"), of("e", "x", "failed"))));
        assertEquals("automatic transitions from 'x' never end",
                invalid(List.of(of("a", "x", "y").automatically(), of("b", "y", "x").automatically())));
        assertEquals("two transitions from 'x' answer to 'retry'",
                invalid(List.of(of("a", "x", "y").alias("retry"), of("b", "x", "z").alias("retry"))));
        assertThrows(IllegalArgumentException.class,
                () -> new WorkflowDefinition(List.of(of("a", "none", "x")), Map.of("marker", "nowhere")));
    }

    @Test
    void lookups_by_state_and_id_or_alias() {
        WorkflowDefinition unit = UnitWorkflow.DEFINITION;
        assertEquals("retry_configure_hook", unit.find("configure_error", "retry_hook").orElseThrow().id());
        assertEquals("retry_install", unit.find("install_error", "retry").orElseThrow().id());
        assertEquals("start", unit.automaticFrom("installed").orElseThrow().id());
        assertEquals(true, unit.find("started", "retry").isEmpty());
        assertEquals("depart_from_down", RelationWorkflow.DEFINITION.find("down", "depart").orElseThrow().id());
    }

    @Test
    void retry_policy_doubles_and_retries_only_hook_failures() throws Exception {
        RetryPolicy policy = RetryPolicy.doublingFrom5s(4);
        assertEquals(List.of(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(20)),
                List.of(policy.delayBefore(1), policy.delayBefore(2), policy.delayBefore(3)));
        List<Duration> waited = new java.util.ArrayList<>();
        int[] runs = {0};
        ActionResult result = policy.retrying(context -> ++runs[0] < 3 ? ActionResult.hookFailed("no")
                : ActionResult.success(), waited::add).run(null);
        assertEquals(ActionResult.success(), result);
        assertEquals(List.of(Duration.ofSeconds(5), Duration.ofSeconds(10)), waited);
        runs[0] = -100;
        waited.clear();
        assertEquals(ActionResult.hookFailed("no"),
                policy.retrying(context -> ++runs[0] < 3 ? ActionResult.hookFailed("no") : ActionResult.success(),
                        waited::add).run(null));
        assertEquals(3, waited.size(), "four runs in all");
    }
}
