package jujube.subordinate.internal;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import jujube.agent.machine.DeployedUnit;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.agent.machine.UnitDeployment;
import jujube.state.UnitName;

/** Deployments kept in memory with every call recorded; like ConfigAdmin's, they survive a deployer restart. */
final class RecordingDeployments implements UnitAgentDeployments {
    final List<String> calls = new CopyOnWriteArrayList<>();
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
        return Map.copyOf(deployed);
    }

    synchronized DeployedUnit get(UnitName unit) {
        return deployed.get(unit);
    }

    long count(String call) {
        return calls.stream().filter(call::equals).count();
    }
}
