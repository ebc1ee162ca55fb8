package jujube.cli;

import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundlesReport;
import jujube.state.AgentUpgradeTarget;
import jujube.state.StateConnection;
import jujube.state.Watch;

/**
 * Plays the agents' side of an upgrade in a test: each agent reports the set it runs, follows its target and
 * answers each new generation as it is told to ({@link Behaviour}): upgraded, after fetching every jar it lacks
 * (a jar not published fails it), or failed with its previous set put back, or not at all.
 */
final class FakeAgents implements AutoCloseable {
    enum Behaviour { UPGRADE, FAIL, SILENT }

    private final StateConnection state;
    private final ExecutorService answering = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jujube-test-fake-agents-1");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Behaviour> behaviours = new ConcurrentHashMap<>();
    private final Map<String, AgentBundleSet> running = new ConcurrentHashMap<>();
    private final Map<String, Long> handled = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> cache = new ConcurrentHashMap<>();
    private final List<Watch> watches = new ArrayList<>();
    /** Each request as it came: {@code machine-1@3}. */
    final List<String> asked = new CopyOnWriteArrayList<>();

    FakeAgents(StateConnection state) {
        this.state = state;
    }

    /** Starts {@code agent}, running {@code set}: it reports so and follows its target. */
    FakeAgents start(String agent, AgentBundleSet set) {
        running.put(agent, set);
        cache.put(agent, ConcurrentHashMap.newKeySet());
        set.bundles().forEach(b -> cache.get(agent).add(b.sha256()));
        behaviours.putIfAbsent(agent, Behaviour.UPGRADE);
        state.agentBundles().report(agent, new AgentBundlesReport(0, set, AgentBundlesReport.RUNNING, "", Instant.now()));
        watches.add(state.agentBundles().watchTarget(agent, change -> change.current()
                .ifPresent(target -> answering.execute(() -> answer(agent, target)))));
        return this;
    }

    FakeAgents behave(String agent, Behaviour behaviour) {
        behaviours.put(agent, behaviour);
        return this;
    }

    AgentBundleSet running(String agent) {
        return running.get(agent);
    }

    private void answer(String agent, AgentUpgradeTarget target) {
        if (handled.getOrDefault(agent, 0L) >= target.generation()) {
            return; // a request seen already
        }
        handled.put(agent, target.generation());
        asked.add(agent + "@" + target.generation());
        AgentBundleSet before = running.get(agent);
        switch (behaviours.get(agent)) {
            case SILENT -> { }
            case FAIL -> report(agent, target.generation(), before, AgentBundlesReport.FAILED,
                    "jujube.hooks did not start:\nits component is unsatisfied");
            case UPGRADE -> {
                report(agent, target.generation(), before, AgentBundlesReport.UPGRADING, "");
                // the jars it ran before are in its local cache; the others come from the state
                Set<String> cached = cache.get(agent);
                Optional<String> missing = before.changedIn(target.set()).stream().map(AgentBundle::sha256)
                        .filter(sha -> !cached.contains(sha))
                        .filter(sha -> !state.agentBundles().fetch(sha, new ByteArrayOutputStream())).findFirst();
                if (missing.isPresent()) {
                    report(agent, target.generation(), before, AgentBundlesReport.FAILED, "jar " + missing.get()
                            + " is not published");
                } else {
                    running.put(agent, target.set());
                    target.set().bundles().forEach(b -> cached.add(b.sha256()));
                    report(agent, target.generation(), target.set(), AgentBundlesReport.UPGRADED, "");
                }
            }
        }
    }

    private void report(String agent, long generation, AgentBundleSet set, String st, String reason) {
        state.agentBundles().report(agent, new AgentBundlesReport(generation, set, st, reason, Instant.now()));
    }

    @Override
    public void close() throws InterruptedException {
        watches.forEach(Watch::close);
        answering.shutdownNow();
        answering.awaitTermination(5, TimeUnit.SECONDS);
    }
}
