package jujube.workflow;

import static jujube.workflow.Transition.of;

import java.util.List;
import java.util.Map;

/**
 * The unit workflow of the original juju, as data, and the charm-upgrade step that goes with it.
 *
 * <pre>
 * install        none -> installed          automatic; error: error_install -> install_error
 * start          installed -> started       automatic (the setup: -relation-created, the first leadership
 *                                            hook, config-changed, start); error: start_error
 * stop           started -> stopped         error: error_stop -> stop_error
 * configure      started -> started         (config-changed) error: error_configure -> configure_error
 * upgrade_charm  started -> started         error: upgrade_charm_error -> charm_upgrade_error
 * run_hook       started -> started         (the started unit's other hooks: leader-elected,
 *                                            leader-settings-changed) error: error_hook -> hook_error
 * retry_X / retry_X_hook (aliases retry / retry_hook) from every error state to the state X leads to;
 * retrying configure with its hook, or the charm upgrade either way, can fail back into its error state.
 * </pre>
 *
 * The actions (which hooks run) are the unit agent's; the transition ids say which: {@code start} and
 * {@code retry_start_hook} run what is left of the setup (config-changed then start for a charm of the
 * original juju), {@code retry_*} without {@code _hook} run no hook, except {@code retry_upgrade_charm},
 * which redoes the charm upgrade without the hook, and {@code retry_start} after a failed leadership hook,
 * which goes on with config-changed and start.
 * {@code run_hook} and {@code retry_hook_error_hook} run the hook the agent chose and recorded before
 * firing: which one is not the workflow's to know.
 */
public final class UnitWorkflow {
    /**
     * Set in the state variables for the length of a charm upgrade; a workflow synchronized with it set
     * died mid-upgrade and goes to {@link UnitState#CHARM_UPGRADE_ERROR}.
     */
    public static final String CHARM_UPGRADE_MARKER = "charm_upgrade";

    /** The definition, with {@link #CHARM_UPGRADE_MARKER} as its recovery marker. */
    public static final WorkflowDefinition DEFINITION = new WorkflowDefinition(List.of(
            of("install", "none", "installed").automatically().onError("error_install"),
            of("error_install", "none", "install_error"),
            of("retry_install", "install_error", "installed").alias("retry"),
            of("retry_install_hook", "install_error", "installed").alias("retry_hook"),

            of("start", "installed", "started").automatically().onError("error_start"),
            of("error_start", "installed", "start_error"),
            of("retry_start", "start_error", "started").alias("retry"),
            of("retry_start_hook", "start_error", "started").alias("retry_hook"),

            of("stop", "started", "stopped").onError("error_stop"),
            of("error_stop", "started", "stop_error"),
            of("retry_stop", "stop_error", "stopped").alias("retry"),
            of("retry_stop_hook", "stop_error", "stopped").alias("retry_hook"),

            of("configure", "started", "started").onError("error_configure"),
            of("error_configure", "started", "configure_error"),
            of("retry_configure", "configure_error", "started").alias("retry"),
            of("retry_configure_hook", "configure_error", "started").alias("retry_hook")
                    .onError("error_retry_configure"),
            of("error_retry_configure", "configure_error", "configure_error"),

            of("upgrade_charm", "started", "started").onError("upgrade_charm_error"),
            of("upgrade_charm_error", "started", "charm_upgrade_error"),
            of("retry_upgrade_charm", "charm_upgrade_error", "started").alias("retry")
                    .onError("retry_upgrade_charm_error"),
            of("retry_upgrade_charm_hook", "charm_upgrade_error", "started").alias("retry_hook")
                    .onError("retry_upgrade_charm_error"),
            of("retry_upgrade_charm_error", "charm_upgrade_error", "charm_upgrade_error"),

            of("run_hook", "started", "started").onError("error_hook"),
            of("error_hook", "started", "hook_error"),
            of("retry_hook_error", "hook_error", "started").alias("retry"),
            of("retry_hook_error_hook", "hook_error", "started").alias("retry_hook").onError("error_retry_hook"),
            of("error_retry_hook", "hook_error", "hook_error")),
            Map.of(CHARM_UPGRADE_MARKER, UnitState.CHARM_UPGRADE_ERROR.stateName()));

    private UnitWorkflow() {}

    /**
     * The action of {@code upgrade_charm} and its retries: sets {@link #CHARM_UPGRADE_MARKER} (stored
     * before the upgrade starts), runs {@code upgrade}, clears the marker, then runs {@code hook}
     * ({@link TransitionAction#NONE} for a retry without hook). A crash between set and clear leaves
     * the marker on disk, so the next synchronize enters charm_upgrade_error instead of replaying. A
     * crash after the clear replays the whole action: the upgrade must be idempotent (upgrading to the
     * charm already in place does nothing).
     */
    public static TransitionAction upgradeCharm(TransitionAction upgrade, TransitionAction hook) {
        return context -> {
            context.setVar(CHARM_UPGRADE_MARKER, "true");
            ActionResult upgraded = upgrade.run(context);
            context.setVar(CHARM_UPGRADE_MARKER, null);
            return upgraded instanceof ActionResult.Success ? hook.run(context) : upgraded;
        };
    }
}
