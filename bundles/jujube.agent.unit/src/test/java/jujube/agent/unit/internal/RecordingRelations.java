package jujube.agent.unit.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A fake of the relation lifecycles that records the calls the unit lifecycle makes. */
final class RecordingRelations implements RelationLifecyclesControl {
    private final List<String> calls = new CopyOnWriteArrayList<>();
    private volatile Runnable onDepartAll = () -> {};

    /** Runs {@code action} in each {@link #departAll()}, as the real relations would run their hooks then. */
    void onDepartAll(Runnable action) {
        onDepartAll = action;
    }

    List<String> calls() {
        return List.copyOf(calls);
    }

    void clear() {
        calls.clear();
    }

    @Override
    public void start(boolean startRelations) {
        calls.add("start(" + startRelations + ")");
    }

    /** Not recorded in {@link #calls()}: the setup's hooks are the real lifecycles' (see UnitAgentSetupTest). */
    @Override
    public void setUp() {
    }

    @Override
    public void stop(boolean stopRelations) {
        calls.add("stop(" + stopRelations + ")");
    }

    @Override
    public void departAll() {
        calls.add("departAll");
        onDepartAll.run();
    }

    @Override
    public void resolve(String relationName, boolean retryHook) {
        calls.add("resolve(" + relationName + "," + retryHook + ")");
    }

    @Override
    public Map<String, String> relationErrors() {
        return Map.of();
    }

    @Override
    public void close() {
        calls.add("close");
    }
}
