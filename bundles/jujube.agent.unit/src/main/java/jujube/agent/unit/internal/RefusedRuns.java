package jujube.agent.unit.internal;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jujube.state.Change;
import jujube.state.RunRequest;
import jujube.state.RunResult;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * While a unit's local state is corrupt, its {@code jujube exec} requests are answered at once, as not run
 * and why, instead of waiting out their requesters' timeouts: nothing of the unit runs until it is reset.
 */
final class RefusedRuns implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RefusedRuns.class);
    private final UnitHandle state;
    private final UnitName unit;
    private final String why;
    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    private final Watch watch;

    /** Starts answering; {@code why} is what each requester is told. */
    RefusedRuns(UnitHandle state, UnitName unit, String why) {
        this.state = state;
        this.unit = unit;
        this.why = why;
        this.watch = state.watchRuns(this::changed);
    }

    private void changed(Change<Map<String, RunRequest>> change) {
        for (RunRequest request : change.current().values()) {
            if (answered.add(request.id())) {
                try {
                    if (state.claimRun(request.id())) {
                        state.answerRun(request.id(), new RunResult(1, "", "", why));
                    }
                } catch (StateException e) {
                    LOG.warn("unit {}: could not refuse request {}: {}", unit, request.id(), e.getMessage());
                    answered.remove(request.id());
                }
            }
        }
        answered.retainAll(change.current().keySet());
    }

    @Override
    public void close() {
        watch.close();
    }
}
