package jujube.state;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The agents' own bundles in the state, as {@code upgrade-agents} moves them: the jars published for an
 * upgrade, kept by sha256 ({@code /agent-bundles/<sha256>}, in chunks, as charm archives are), what each
 * agent is asked to run ({@code agent-target}) and what it says it runs ({@code agent-report}), below its
 * machine's node, or {@code /controller} for the controller. The administrator publishes and asks; every
 * agent reads the jars and its target, and writes its own report only.
 *
 * @since 8.1
 */
@ProviderType
public interface AgentBundles {
    /** The controller's agent name; a machine's is {@link #machine}. */
    String CONTROLLER = "controller";
    /** The largest jar the state keeps. */
    long MAX_BUNDLE_BYTES = 32L * 1024 * 1024;

    /** A machine agent's name: {@code machine-3}. */
    static String machine(int id) {
        return "machine-" + id;
    }

    /**
     * Publishes {@code jar} as {@code bundle} (administrator). Publishing a jar stored already is a no-op.
     *
     * @return the bytes written, 0 when it was stored already
     * @throws jujube.model.StateException when the jar is larger than {@link #MAX_BUNDLE_BYTES} or its
     *     sha256 or size is not {@code bundle}'s
     */
    long publish(Path jar, AgentBundle bundle);

    /**
     * Writes the published jar of sha256 {@code sha256} to {@code out}, checking its sha256 as it reads it.
     *
     * @return false when none is published under it
     * @throws CorruptStateException when the stored bytes are not the published ones
     */
    boolean fetch(String sha256, OutputStream out);

    /** Asks {@code agent} to run {@code target}'s set (administrator). */
    void setTarget(String agent, AgentUpgradeTarget target);

    /** What {@code agent} was last asked to run, if anything. */
    Optional<AgentUpgradeTarget> target(String agent);

    /** Follows what {@code agent} is asked to run; the first delivery is the current request, if any. */
    Watch watchTarget(String agent, StateWatcher<Optional<AgentUpgradeTarget>> watcher);

    /** Records {@code agent}'s report (the agent itself). */
    void report(String agent, AgentBundlesReport report);

    /** {@code agent}'s last report, if it made one. */
    Optional<AgentBundlesReport> report(String agent);

    /** The rollout the administrator keeps in {@code /upgrade} (its own format), if there is one. */
    Optional<Map<String, Object>> rollout();

    /** Replaces the rollout record (administrator); at most 256 KiB as YAML. */
    void setRollout(Map<String, Object> rollout);
}
