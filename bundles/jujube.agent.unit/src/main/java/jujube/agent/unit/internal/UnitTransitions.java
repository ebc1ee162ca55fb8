package jujube.agent.unit.internal;

import java.util.Map;
import jujube.workflow.RetryPolicy;
import jujube.workflow.Transition;
import jujube.workflow.TransitionAction;
import jujube.workflow.TransitionActions;
import jujube.workflow.UnitWorkflow;

/**
 * The unit workflow's transition ids mapped to lifecycle work, as a table (the original's
 * {@code UnitWorkflowState.do_*} methods). Every action that runs a hook is wrapped in the retry policy,
 * so a failing hook is run again with backoff inside its one in-flight transition and the error
 * transition fires once, after the last attempt. Error transitions not listed do nothing: the state they
 * enter says which lifecycle parts run, and the agent aligns them afterwards.
 */
final class UnitTransitions implements TransitionActions {
    private final Map<String, TransitionAction> table;

    UnitTransitions(UnitLifecycle lifecycle, RetryPolicy retry, RetryPolicy.Backoff backoff) {
        TransitionAction install = retry.retrying(c -> lifecycle.install(), backoff);
        TransitionAction start = retry.retrying(c -> lifecycle.start(true, true), backoff);
        TransitionAction stop = retry.retrying(c -> lifecycle.stop(true, true), backoff);
        TransitionAction configure = retry.retrying(c -> lifecycle.configure(), backoff);
        TransitionAction relationsUp = c -> lifecycle.start(false, true);
        TransitionAction upgradeWithHook = UnitWorkflow.upgradeCharm(c -> lifecycle.upgradeCharm(),
                retry.retrying(c -> lifecycle.upgradeHook(true), backoff));
        table = Map.ofEntries(
                Map.entry("install", install),
                Map.entry("retry_install", TransitionAction.NONE),
                Map.entry("retry_install_hook", install),
                Map.entry("start", start),
                Map.entry("retry_start", relationsUp),
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
                Map.entry("retry_upgrade_charm_hook", upgradeWithHook));
    }

    @Override
    public TransitionAction forTransition(Transition transition) {
        return table.getOrDefault(transition.id(), TransitionAction.NONE);
    }
}
