package jujube.state.curator.internal;

import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.model.CharmRecord;
import jujube.model.MachineInfo;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.AgentPresence;
import jujube.state.ConnectionState;
import jujube.state.MachineHandle;
import jujube.state.StateConnection;
import jujube.state.StateWatcher;
import jujube.state.Watch;

/**
 * A machine's handle over its connection's parts: each call is the part's call for this machine, so the
 * machine agent and its subordinate deployer hold a narrower type, not the administrator's API.
 */
record ConnectionMachineHandle(StateConnection state, int id) implements MachineHandle {

    @Override
    public ConnectionState connectionState() {
        return state.connectionState();
    }

    @Override
    public Optional<MachineInfo> info() {
        return state.machines().list().stream().filter(m -> m.id() == id).findFirst();
    }

    @Override
    public AgentPresence connectAgent() {
        return state.machines().connectAgent(id);
    }

    @Override
    public Watch watchAssignedUnits(StateWatcher<Set<UnitName>> watcher) {
        return state.machines().watchAssignedUnits(id, watcher);
    }

    @Override
    public void removeEmpty() {
        state.machines().remove(id);
    }

    @Override
    public boolean madeForUnit() {
        return state.machines().madeForUnit(id);
    }

    @Override
    public Map<String, Object> environmentConfig() {
        return state.environmentConfig().get();
    }

    @Override
    public UnitInfo unit(UnitName unit) {
        return state.units().get(unit);
    }

    @Override
    public Map<UnitName, UnitInfo> withSubordinates(Collection<UnitName> units) {
        return state.units().withSubordinates(units);
    }

    @Override
    public void setAddresses(UnitName unit, String publicAddress, String privateAddress) {
        state.units().setAddresses(unit, publicAddress, privateAddress);
    }

    @Override
    public CharmRecord charm(String charmId) {
        return state.charms().get(charmId);
    }

    @Override
    public boolean fetchCharmArchive(String charmId, OutputStream out) {
        return state.charms().fetchArchive(charmId, out);
    }

    @Override
    public UnitInfo addSubordinate(String service, UnitName principal) {
        return state.units().addSubordinate(service, principal);
    }

    @Override
    public void removeUnit(UnitName unit) {
        state.units().remove(unit);
    }

    @Override
    public ServiceInfo service(String name) {
        return state.services().get(name);
    }

    @Override
    public List<RelationInfo> relations() {
        return state.relations().list();
    }

    @Override
    public Watch watchUnits(StateWatcher<Set<UnitName>> watcher) {
        return state.units().watch(watcher);
    }

    @Override
    public Watch watchRelations(StateWatcher<Set<String>> watcher) {
        return state.relations().watch(watcher);
    }
}
