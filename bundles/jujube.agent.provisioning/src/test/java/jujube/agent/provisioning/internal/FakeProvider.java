package jujube.agent.provisioning.internal;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import jujube.agent.provisioning.MachineProvider;

/** Instances as names in memory; every launch and termination recorded. */
final class FakeProvider implements MachineProvider {
    final List<String> launched = new CopyOnWriteArrayList<>();
    final List<String> terminated = new CopyOnWriteArrayList<>();
    /** The one-time credential each launch handed its machine, by instance. */
    final java.util.Map<String, jujube.access.OneTimeCredential> credentials = new ConcurrentHashMap<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    private final AtomicInteger serial = new AtomicInteger();

    /** An instance started outside the provisioning agent, as bootstrap starts machine 0. */
    void adopt(String instance) {
        running.add(instance);
    }

    @Override
    public String launch(int machineId, jujube.access.OneTimeCredential credential) {
        String id = "fake-" + machineId + "-" + serial.incrementAndGet();
        credentials.put(id, credential);
        running.add(id);
        launched.add(id);
        return id;
    }

    @Override
    public void terminate(String instanceId) {
        running.remove(instanceId);
        terminated.add(instanceId);
    }

    @Override
    public boolean isRunning(String instanceId) {
        return running.contains(instanceId);
    }

    @Override
    public Set<String> instances() {
        return Set.copyOf(running);
    }

    long launchesOf(int machineId) {
        return launched.stream().filter(i -> i.startsWith("fake-" + machineId + "-")).count();
    }
}
