package jujube.agent.machine.internal;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.agent.machine.DeployedUnit;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.agent.machine.UnitDeployment;
import jujube.model.UnitName;

/**
 * Deployments kept in memory, with every call recorded; like ConfigAdmin's, they survive a "restart" of
 * the deployer. Public and in this module's test-jar because the subordinate deployer's tests need the
 * same fake of the same interface.
 */
public final class RecordingDeployments implements UnitAgentDeployments {
    public final List<String> calls = new CopyOnWriteArrayList<>();
    /** How many times {@link #deployed()} was read: once per deployer pass. */
    public final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
    private final Map<UnitName, DeployedUnit> deployed = new TreeMap<>();

    @Override
    public synchronized void deploy(UnitDeployment d) {
        calls.add("deploy " + d.unit());
        deployed.putIfAbsent(d.unit(), new DeployedUnit(d, false));
    }

    @Override
    public synchronized void retire(UnitName unit) {
        calls.add("retire " + unit);
        deployed.computeIfPresent(unit, (u, d) -> new DeployedUnit(d.deployment(), true));
    }

    @Override
    public synchronized void remove(UnitName unit) {
        calls.add("remove " + unit);
        deployed.remove(unit);
    }

    @Override
    public synchronized Map<UnitName, DeployedUnit> deployed() {
        reads.incrementAndGet();
        return Map.copyOf(deployed);
    }

    public synchronized DeployedUnit get(UnitName unit) {
        return deployed.get(unit);
    }

    public long count(String call) {
        return calls.stream().filter(call::equals).count();
    }
}
