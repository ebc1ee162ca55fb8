package jujube.agent.unit.internal;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import jujube.model.StateException;
import jujube.model.StatusEntry;
import jujube.model.UnitName;
import jujube.state.UnitHandle;
import jujube.workflow.HistoryEntry;
import jujube.workflow.HistoryLog;
import jujube.workflow.WorkflowState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The unit workflow's history: the local file, authoritative and complete, and a bounded copy of its
 * outcomes (committed, failed and recovered steps, not the in-flight marks) published to the unit's
 * node, where {@code jujube status-history} reads it whatever the machine is. Publishing is best effort:
 * a step whose copy could not be written (ZooKeeper away, the unit removed) is in the file all the same.
 */
final class PublishedHistory implements HistoryLog {
    private static final Logger LOG = LoggerFactory.getLogger(PublishedHistory.class);
    /** The hook each transition runs (for an error transition: the hook that failed); none for the others. */
    private static final Map<String, String> HOOKS = Map.ofEntries(
            Map.entry("install", "install"), Map.entry("retry_install_hook", "install"), Map.entry("error_install", "install"),
            Map.entry("start", "start"), Map.entry("retry_start_hook", "start"), Map.entry("error_start", "start"),
            Map.entry("stop", "stop"), Map.entry("retry_stop_hook", "stop"), Map.entry("error_stop", "stop"),
            Map.entry("configure", "config-changed"), Map.entry("retry_configure_hook", "config-changed"),
            Map.entry("error_configure", "config-changed"), Map.entry("error_retry_configure", "config-changed"),
            Map.entry("upgrade_charm", "upgrade-charm"), Map.entry("retry_upgrade_charm_hook", "upgrade-charm"),
            Map.entry("upgrade_charm_error", "upgrade-charm"), Map.entry("retry_upgrade_charm_error", "upgrade-charm"));
    /** The transitions that run the hook the agent chose, or fail with it. */
    private static final java.util.Set<String> CHOSEN = java.util.Set.of("run_hook", "error_hook",
            "retry_hook_error_hook", "error_retry_hook");
    private final HistoryLog file;
    private final UnitHandle unitState;
    private final Clock clock;
    /** The hook {@code run_hook} and its retries run: the agent's choice, recorded before they run. */
    private final java.util.function.Supplier<java.util.Optional<String>> chosenHook;

    PublishedHistory(HistoryLog file, UnitHandle unitState, Clock clock,
            java.util.function.Supplier<java.util.Optional<String>> chosenHook) {
        this.chosenHook = chosenHook;
        this.file = file;
        this.unitState = unitState;
        this.clock = clock;
    }

    @Override
    public void append(HistoryEntry.Step step, String transition, WorkflowState stored) {
        file.append(step, transition, stored);
        if (step == HistoryEntry.Step.IN_FLIGHT || step == HistoryEntry.Step.VARS) {
            return;
        }
        String message = stored.vars().getOrDefault(WorkflowState.ERROR_MESSAGE, "");
        if (step == HistoryEntry.Step.RECOVERED) {
            message = "the agent died inside " + (transition == null ? "a transition" : "'" + transition + "'");
        }
        try {
            unitState.recordStatus(new StatusEntry(clock.instant(), stored.state(), hookOf(transition), message));
        } catch (StateException e) {
            LOG.debug("unit {}: status history not published: {}", unitState.name(), e.getMessage());
        }
    }

    private String hookOf(String transition) {
        if (transition == null) {
            return "";
        }
        if (CHOSEN.contains(transition)) {
            return chosenHook.get().orElse("");
        }
        return HOOKS.getOrDefault(transition, "");
    }

    @Override
    public List<HistoryEntry> entries() {
        return file.entries();
    }
}
