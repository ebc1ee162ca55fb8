package jujube.agent.unit.internal;

import java.util.Map;
import jujube.workflow.Transition;
import jujube.workflow.TransitionAction;
import jujube.workflow.TransitionActions;
import jujube.workflow.UnitWorkflow;

/**
 * The unit workflow's transition ids mapped to lifecycle work, as a table (the original's
 * {@code UnitWorkflowState.do_*} methods). Every hook runs once: a failure fires the error transition at
 * once, so status shows the error while the agent retries in the background ({@link HookRetries}), as Go
 * juju's uniter does. Error transitions not listed do nothing: the state they enter says which lifecycle
 * parts run, and the agent aligns them afterwards.
 */
final class UnitTransitions implements TransitionActions {
    private final Map<String, TransitionAction> table;

    UnitTransitions(UnitLifecycle lifecycle) {
        TransitionAction install = c -> lifecycle.install();
        TransitionAction start = c -> lifecycle.start(true, true);
        TransitionAction stop = c -> lifecycle.stop(true, true);
        TransitionAction configure = c -> lifecycle.configure();
        TransitionAction relationsUp = c -> lifecycle.start(false, true);
        TransitionAction upgradeWithHook = UnitWorkflow.upgradeCharm(c -> lifecycle.upgradeCharm(),
                c -> lifecycle.upgradeHook(true));
        table = Map.ofEntries(
                Map.entry("install", install),
                Map.entry("retry_install", TransitionAction.NONE),
                Map.entry("retry_install_hook", install),
                Map.entry("start", start),
                Map.entry("retry_start", c -> lifecycle.retryStart()),
                Map.entry("retry_start_hook", start),
                Map.entry("stop", stop),
                Map.entry("retry_stop", c -> lifecycle.stop(false, true)),
                Map.entry("retry_stop_hook", stop),
                Map.entry("configure", configure),
                // the original stops the relations (up to down) when configuring fails
                Map.entry("error_configure", c -> lifecycle.stop(false, true)),
                Map.entry("retry_configure", relationsUp),
                Map.entry("retry_configure_hook", configure.then(relationsUp)),
                Map.entry("upgrade_charm", upgradeWithHook),
                Map.entry("retry_upgrade_charm", UnitWorkflow.upgradeCharm(c -> lifecycle.upgradeCharm(),
                        c -> lifecycle.upgradeHook(false))),
                Map.entry("retry_upgrade_charm_hook", upgradeWithHook),
                Map.entry("run_hook", c -> lifecycle.startedHook()),
                // as config-changed's error, without moving the relations down: no relation hook runs meanwhile
                Map.entry("error_hook", c -> lifecycle.stop(false, false)),
                Map.entry("retry_hook_error", ((TransitionAction) c -> lifecycle.skipStartedHook())
                        .then(c -> lifecycle.start(false, false))),
                Map.entry("retry_hook_error_hook", ((TransitionAction) c -> lifecycle.retryStartedHook())
                        .then(c -> lifecycle.start(false, false))));
    }

    @Override
    public TransitionAction forTransition(Transition transition) {
        return table.getOrDefault(transition.id(), TransitionAction.NONE);
    }
}
