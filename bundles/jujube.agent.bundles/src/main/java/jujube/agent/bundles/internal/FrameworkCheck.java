package jujube.agent.bundles.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import jujube.state.AgentBundle;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * Whether the framework runs an update: each changed bundle at its new jar and active, every component
 * that was satisfied before satisfied again (one that failed to activate fails the update at once), and
 * every unit agent that was connected before connected again.
 */
final class FrameworkCheck {
    /** A changed bundle updated but still not active this long after: it does not resolve or start. */
    static final long START_GRACE_MILLIS = 5_000;

    /** Where a check stands. */
    record Verdict(Kind kind, String reason) {
        enum Kind { DONE, WAITING, FAILED }

        static final Verdict DONE = new Verdict(Kind.DONE, "");

        static Verdict waiting(String reason) {
            return new Verdict(Kind.WAITING, reason);
        }

        static Verdict failed(String reason) {
            return new Verdict(Kind.FAILED, reason);
        }
    }

    private final BundleContext context;
    private final ServiceComponentRuntime scr;
    private final Supplier<Optional<WorkingUnits>> units;

    FrameworkCheck(BundleContext context, ServiceComponentRuntime scr, Supplier<Optional<WorkingUnits>> units) {
        this.context = context;
        this.scr = scr;
        this.units = units;
    }

    /** A component active this long after the last update and still not active again has failed. */
    static final long ACTIVE_GRACE_MILLIS = 10_000;
    private static final String ACTIVE = "active";
    private static final String SATISFIED = "satisfied";

    /**
     * The components satisfied now (the agent's own bundles'), each as {@code name#pid}, with whether it is
     * {@code active} (an immediate component, or one in use) or only {@code satisfied}.
     */
    Map<String, String> satisfiedComponents() {
        Map<String, String> satisfied = new HashMap<>();
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs(agentBundles())) {
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                if (c.state == ComponentConfigurationDTO.ACTIVE) {
                    satisfied.put(key(d, c), ACTIVE);
                } else if (c.state == ComponentConfigurationDTO.SATISFIED) {
                    satisfied.put(key(d, c), SATISFIED);
                }
            }
        }
        return satisfied;
    }

    Set<String> connectedUnits() {
        return units.get().map(WorkingUnits::connected).orElse(Set.of());
    }

    /** How the update of {@code changed}, whose first jar moved at {@code appliedAtMillis}, stands now. */
    Verdict check(List<AgentBundle> changed, long appliedAtMillis, Map<String, String> componentsBefore,
            Set<String> unitsBefore, long nowMillis) {
        long lastUpdate = appliedAtMillis;
        for (AgentBundle b : changed) {
            Optional<Bundle> running = bundle(b.name());
            if (running.isEmpty()) {
                return Verdict.waiting("bundle " + b.name() + " is not installed yet");
            }
            Bundle bundle = running.get();
            if (!bundle.getVersion().toString().equals(b.version()) || bundle.getLastModified() < appliedAtMillis) {
                return Verdict.waiting("bundle " + b.name() + " is not updated yet");
            }
            lastUpdate = Math.max(lastUpdate, bundle.getLastModified());
            boolean fragment = bundle.getHeaders().get(Constants.FRAGMENT_HOST) != null;
            if (!fragment && bundle.getState() != Bundle.ACTIVE) {
                if (nowMillis - bundle.getLastModified() > START_GRACE_MILLIS) {
                    return Verdict.failed("bundle " + b.name() + " " + b.version() + " did not start (it stays "
                            + stateName(bundle.getState()) + ")");
                }
                return Verdict.waiting("bundle " + b.name() + " is not active yet");
            }
        }
        Set<String> changedNames = new HashSet<>();
        changed.forEach(b -> changedNames.add(b.name()));
        String unsatisfied = null;
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs(agentBundles())) {
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                String key = key(d, c);
                String before = componentsBefore.get(key);
                if (c.state == ComponentConfigurationDTO.FAILED_ACTIVATION
                        && (before != null || changedNames.contains(d.bundle.symbolicName))) {
                    return Verdict.failed("component " + d.name + " of " + d.bundle.symbolicName + " failed to activate: "
                            + firstLine(c.failure));
                }
                boolean again = ACTIVE.equals(before) ? c.state == ComponentConfigurationDTO.ACTIVE : isSatisfied(c);
                if (before != null && !again) {
                    if (nowMillis - lastUpdate > ACTIVE_GRACE_MILLIS) {
                        // an immediate component satisfied but never activated: SCR could not make it
                        return Verdict.failed("component " + d.name + " of " + d.bundle.symbolicName + " is not "
                                + before + " again " + (nowMillis - lastUpdate) / 1000 + " s after the update"
                                + (c.failure == null ? "" : ": " + firstLine(c.failure)));
                    }
                    if (unsatisfied == null) {
                        unsatisfied = "component " + d.name + " is not " + before + " yet";
                    }
                }
            }
        }
        if (unsatisfied != null) {
            return Verdict.waiting(unsatisfied);
        }
        Set<String> connected = connectedUnits();
        for (String unit : unitsBefore) {
            if (!connected.contains(unit)) {
                return Verdict.waiting("the agent of unit " + unit + " is not back yet");
            }
        }
        return Verdict.DONE;
    }

    private Bundle[] agentBundles() {
        return java.util.Arrays.stream(context.getBundles())
                .filter(b -> b.getSymbolicName() != null && DeployedBundles.isAgentBundle(b.getSymbolicName()))
                .toArray(Bundle[]::new);
    }

    private Optional<Bundle> bundle(String symbolicName) {
        return java.util.Arrays.stream(context.getBundles()).filter(b -> symbolicName.equals(b.getSymbolicName())).findFirst();
    }

    private static boolean isSatisfied(ComponentConfigurationDTO c) {
        return c.state == ComponentConfigurationDTO.ACTIVE || c.state == ComponentConfigurationDTO.SATISFIED;
    }

    private static String key(ComponentDescriptionDTO d, ComponentConfigurationDTO c) {
        Object pid = c.properties == null ? null : c.properties.get(Constants.SERVICE_PID);
        return d.name + "#" + (pid == null ? "" : pid);
    }

    /** What SCR's failure text says went wrong: the deepest cause's line of its stack trace. */
    private static String firstLine(String failure) {
        if (failure == null || failure.isBlank()) {
            return "no reason given";
        }
        String line = failure.lines().filter(l -> l.startsWith("Caused by: ")).reduce((a, b) -> b)
                .map(l -> l.substring("Caused by: ".length())).orElse(failure.lines().findFirst().orElse("")).strip();
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    private static String stateName(int state) {
        return switch (state) {
            case Bundle.INSTALLED -> "installed, unresolved";
            case Bundle.RESOLVED -> "resolved";
            case Bundle.STARTING -> "starting";
            case Bundle.STOPPING -> "stopping";
            default -> "in state " + state;
        };
    }
}
