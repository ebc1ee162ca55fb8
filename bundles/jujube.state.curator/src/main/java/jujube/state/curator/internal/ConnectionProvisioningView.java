package jujube.state.curator.internal;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import jujube.access.OneTimeCredential;
import jujube.model.MachineInfo;
import jujube.state.Leadership;
import jujube.state.Presence;
import jujube.state.ProvisioningView;
import jujube.state.StateConnection;
import jujube.state.StateWatcher;
import jujube.state.Watch;

/** The provisioner's view over its connection's parts: each call is the part's call. */
record ConnectionProvisioningView(StateConnection state) implements ProvisioningView {

    @Override
    public Leadership leadership(String name) {
        return state.leadership(name);
    }

    @Override
    public List<MachineInfo> machines() {
        return state.machines().list();
    }

    @Override
    public Watch watchMachines(StateWatcher<Set<Integer>> watcher) {
        return state.machines().watch(watcher);
    }

    @Override
    public void setInstanceId(int machineId, String instanceId) {
        state.machines().setInstanceId(machineId, instanceId);
    }

    @Override
    public Optional<Presence> tryLockProvisioning(int machineId) {
        return state.machines().tryLockProvisioning(machineId);
    }

    @Override
    public OneTimeCredential issueOneTimeCredential(int machineId) {
        return state.access().issueOneTimeCredential(machineId);
    }
}
