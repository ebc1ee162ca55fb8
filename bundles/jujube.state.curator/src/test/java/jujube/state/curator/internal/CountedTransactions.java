package jujube.state.curator.internal;

import jujube.state.curator.internal.CuratorStateConnection;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import jujube.state.ConnectionConfig;
import jujube.state.StateConnection;
import org.apache.zookeeper.KeeperException;

/**
 * Counts a connection's topology transactions as they are sent: those the server applied and those it
 * refused because another writer came first (the attempt is then made again). What the benchmarks report.
 */
public final class CountedTransactions {
    private final LongAdder applied = new LongAdder();
    private final LongAdder lost = new LongAdder();

    /** Opens a connection, without topology migrations, whose transactions these counts count. */
    public StateConnection open(ConnectionConfig config) {
        return new CuratorStateConnection(config, List::of, CuratorStateConnection.DEFAULT_PRESENCE_GRACE,
                real -> ops -> {
                    try {
                        var results = real.multi(ops);
                        applied.increment();
                        return results;
                    } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException e) {
                        lost.increment();
                        throw e;
                    }
                });
    }

    /** Transactions applied so far. */
    public long applied() {
        return applied.sum();
    }

    /** Attempts lost to another writer so far. */
    public long lost() {
        return lost.sum();
    }
}
