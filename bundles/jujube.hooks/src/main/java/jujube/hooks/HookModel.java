package jujube.hooks;

import java.util.Objects;
import java.util.Optional;

/**
 * Where a unit's hooks run, as Go juju 3 tells its hooks ({@code JUJU_MODEL_NAME}, {@code JUJU_MODEL_UUID},
 * {@code JUJU_MACHINE_ID}, {@code JUJU_PRINCIPAL_UNIT}): a model is what Go juju calls an environment.
 *
 * @param modelName the environment's name
 * @param modelUuid the environment's UUID
 * @param machineId the machine the unit runs on (a subordinate runs on its principal's)
 * @param principalUnit for a subordinate, the unit in whose container it runs
 * @since 3.1
 */
public record HookModel(String modelName, String modelUuid, String machineId, Optional<String> principalUnit) {
    /** What an invocation built without a model tells its hook: nothing. */
    public static final HookModel UNKNOWN = new HookModel("", "", "", Optional.empty());

    public HookModel {
        Objects.requireNonNull(modelName, "modelName");
        Objects.requireNonNull(modelUuid, "modelUuid");
        Objects.requireNonNull(machineId, "machineId");
        Objects.requireNonNull(principalUnit, "principalUnit");
    }

    /** This model with the environment's name and UUID as they are now. */
    public HookModel withEnvironment(String name, String uuid) {
        return new HookModel(name, uuid, machineId, principalUnit);
    }
}
