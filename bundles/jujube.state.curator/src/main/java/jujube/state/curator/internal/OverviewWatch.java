package jujube.state.curator.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import jujube.state.StateWatcher;
import jujube.state.Watch;
import jujube.state.store.CacheWatch;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;

/**
 * The watch of {@link jujube.state.StateConnection#watchOverview}: one cache watch per subtree the overview
 * reads (the topology, machines, services with their leadership and status, units with their presence,
 * ports and workload), all counting into one delivery. Every event counts, so every change is delivered
 * (merged with the changes that came while the watcher ran).
 */
final class OverviewWatch implements Watch {
    private static final List<String> ROOTS = List.of(Paths.TOPOLOGY, Paths.MACHINES, Paths.SERVICES, Paths.UNITS);
    private final List<Watch> watches;

    private OverviewWatch(List<Watch> watches) {
        this.watches = List.copyOf(watches);
    }

    static OverviewWatch start(StateContext ctx, StateWatcher<Long> watcher) {
        SerialDelivery<Long> delivery = new SerialDelivery<>(ctx.watchExecutor(), watcher, 0L);
        AtomicLong changes = new AtomicLong();
        List<Watch> watches = new ArrayList<>();
        for (String root : ROOTS) {
            watches.add(new CacheWatch<>(ctx.caches(), root, false, cache -> changes.incrementAndGet(), delivery));
        }
        return new OverviewWatch(watches);
    }

    @Override
    public void stop() {
        watches.forEach(Watch::stop);
    }

    @Override
    public void start() {
        watches.forEach(Watch::start);
    }

    @Override
    public void close() {
        watches.forEach(Watch::close);
    }
}
