package jujube.agent.unit.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import jujube.model.UnitName;
import jujube.workflow.RetryPolicy;

/**
 * A unit agent's configuration, validated: the unit, its directories, where upgraded charms come from,
 * how failed hooks are retried and how long a hook may run.
 *
 * @param charmStorageDir empty when the agent was given none (charm upgrades then fail with a clear error)
 * @param hookTimeout empty for the hook invoker's default
 * @param machineId the machine the unit runs on, for its hooks ({@code JUJU_MACHINE_ID}); empty when not given
 */
record UnitAgentSettings(UnitName unit, Path unitDir, Path charmDir, Optional<Path> charmStorageDir,
        RetryPolicy retry, Optional<Duration> hookTimeout, HookRetryBackoff hookRetryBackoff, String machineId) {

    /** Settings naming no machine. */
    UnitAgentSettings(UnitName unit, Path unitDir, Path charmDir, Optional<Path> charmStorageDir, RetryPolicy retry,
            Optional<Duration> hookTimeout, HookRetryBackoff hookRetryBackoff) {
        this(unit, unitDir, charmDir, charmStorageDir, retry, hookTimeout, hookRetryBackoff, "");
    }

    /** The unit's own hooks retried after {@code retry}'s first delay (at least 1 ms), doubling to 5 minutes. */
    UnitAgentSettings(UnitName unit, Path unitDir, Path charmDir, Optional<Path> charmStorageDir, RetryPolicy retry,
            Optional<Duration> hookTimeout) {
        this(unit, unitDir, charmDir, charmStorageDir, retry, hookTimeout, new HookRetryBackoff(
                retry.initialDelay().isZero() ? Duration.ofMillis(1) : retry.initialDelay(),
                HookRetryBackoff.DEFAULT.last().compareTo(retry.initialDelay()) < 0 ? retry.initialDelay()
                        : HookRetryBackoff.DEFAULT.last()));
    }

    UnitAgentSettings {
        Objects.requireNonNull(unit, "unit");
        unitDir = unitDir.toAbsolutePath();
        charmDir = charmDir.toAbsolutePath();
        Objects.requireNonNull(charmStorageDir, "charmStorageDir");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(hookTimeout, "hookTimeout");
        Objects.requireNonNull(hookRetryBackoff, "hookRetryBackoff");
        Objects.requireNonNull(machineId, "machineId");
    }

    /**
     * The configuration properties whose values differ between these settings and {@code other}, by
     * their names in {@link UnitAgentConfig}: what a running agent cannot take over in place.
     */
    List<String> differencesFrom(UnitAgentSettings other) {
        List<String> names = new ArrayList<>();
        if (!unit.equals(other.unit)) {
            names.add("unitName");
        }
        if (!unitDir.equals(other.unitDir)) {
            names.add("unitDir");
        }
        if (!charmDir.equals(other.charmDir)) {
            names.add("charmDir");
        }
        if (!charmStorageDir.equals(other.charmStorageDir)) {
            names.add("charmStorageDir");
        }
        if (!retry.equals(other.retry)) {
            names.add("hookRetryDelayMs");
        }
        if (!hookRetryBackoff.last().equals(other.hookRetryBackoff.last())) {
            names.add("hookRetryMaxDelayMs");
        }
        if (!hookTimeout.equals(other.hookTimeout)) {
            names.add("hookTimeoutSeconds");
        }
        if (!machineId.equals(other.machineId)) {
            names.add("machineId");
        }
        return names;
    }

    /**
     * Reads a component configuration.
     *
     * @throws IllegalArgumentException naming the attribute that is missing or invalid
     */
    static UnitAgentSettings of(UnitAgentConfig config) {
        UnitName unit = UnitName.parse(config.unitName());
        if (config.unitDir() == null || config.unitDir().isBlank()) {
            throw new IllegalArgumentException("unit agent " + unit + ": unitDir is not configured");
        }
        if (config.hookRetryDelayMs() < 0 || config.hookTimeoutSeconds() < 0) {
            throw new IllegalArgumentException("unit agent " + unit
                    + ": hookRetryDelayMs and hookTimeoutSeconds must not be negative");
        }
        Path unitDir = Path.of(config.unitDir());
        Path charmDir = config.charmDir().isBlank() ? unitDir.resolve("charm") : Path.of(config.charmDir());
        Optional<Path> storage = config.charmStorageDir().isBlank() ? Optional.empty()
                : Optional.of(Path.of(config.charmStorageDir()));
        // failed hooks enter their error state at once (no retry in place); the backoff below times the rest
        RetryPolicy retry = new RetryPolicy(Duration.ofMillis(config.hookRetryDelayMs()), 1);
        Optional<Duration> timeout = config.hookTimeoutSeconds() == 0 ? Optional.empty()
                : Optional.of(Duration.ofSeconds(config.hookTimeoutSeconds()));
        if (config.hookRetryDelayMs() == 0 || config.hookRetryMaxDelayMs() < config.hookRetryDelayMs()) {
            throw new IllegalArgumentException("unit agent " + unit
                    + ": hookRetryDelayMs must be positive and at most hookRetryMaxDelayMs");
        }
        return new UnitAgentSettings(unit, unitDir, charmDir, storage, retry, timeout, new HookRetryBackoff(
                Duration.ofMillis(config.hookRetryDelayMs()), Duration.ofMillis(config.hookRetryMaxDelayMs())),
                config.machineId() == null ? "" : config.machineId());
    }

    /** {@code <unitDir>/state}: the workflow files, the relation files, the agent's own records. */
    Path stateDir() {
        return unitDir.resolve("state");
    }

    /** The marker a retired unit leaves for the machine agent. */
    Path retiredMarker() {
        return stateDir().resolve("retired");
    }

    /** Written once the unit's remove hook ran, so a retirement resumed after a kill does not run it again. */
    Path removeHookMarker() {
        return stateDir().resolve("remove-hook-ran");
    }
}
