package jujube.workflow;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A stand-in for the unit lifecycle: maps unit transitions to the hooks they run, records every hook
 * run, and fails the hooks it is told to fail.
 */
final class UnitHooks implements TransitionActions {
    private static final Map<String, List<String>> HOOKS = Map.of(
            "install", List.of("install"), "retry_install_hook", List.of("install"),
            "start", List.of("config-changed", "start"), "retry_start_hook", List.of("config-changed", "start"),
            "stop", List.of("stop"), "retry_stop_hook", List.of("stop"),
            "configure", List.of("config-changed"), "retry_configure_hook", List.of("config-changed"),
            "upgrade_charm", List.of("upgrade-charm"), "retry_upgrade_charm_hook", List.of("upgrade-charm"));

    final List<String> ran = new ArrayList<>();
    final Set<String> failing = new HashSet<>();
    int upgrades;

    @Override
    public TransitionAction forTransition(Transition transition) {
        TransitionAction hooks = hooks(HOOKS.getOrDefault(transition.id(), List.of()));
        if (Set.of("upgrade_charm", "retry_upgrade_charm", "retry_upgrade_charm_hook").contains(transition.id())) {
            return UnitWorkflow.upgradeCharm(context -> {
                upgrades++;
                return ActionResult.success();
            }, hooks);
        }
        return hooks;
    }

    TransitionAction hooks(List<String> names) {
        return context -> {
            for (String hook : names) {
                ran.add(hook);
                if (failing.contains(hook)) {
                    return ActionResult.hookFailed(hook + " hook exited 1");
                }
            }
            return ActionResult.success();
        };
    }
}
