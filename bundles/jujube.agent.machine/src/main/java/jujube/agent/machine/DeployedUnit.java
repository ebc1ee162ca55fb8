package jujube.agent.machine;

import java.util.Objects;

/**
 * A unit agent deployed on this machine, as its configuration says.
 *
 * @param deployment what was deployed
 * @param retiring whether it was asked to retire ({@code retire=true}) and is awaited to finish
 */
public record DeployedUnit(UnitDeployment deployment, boolean retiring) {
    public DeployedUnit {
        Objects.requireNonNull(deployment, "deployment");
    }
}
