package jujube.state.store;

import org.apache.zookeeper.data.Stat;

/**
 * Unit ids, handed out from blocks this connection reserves. Ids named after the {@code /units} child
 * counter, as machines' and services' are, made every writer adding units at once take the same next id,
 * and all but one lose the whole transaction and read the counter again; at four writers most attempts
 * were lost. A block is reserved with one compare-and-set of {@link TopologyLayout#UNIT_IDS}, so writers
 * contend once per block instead of once per unit. A connection's first block holds what its first
 * request needs (a command adding one unit takes one id, and the next command's unit the next id), and
 * each later one twice the one before, up to {@link #BLOCK}: a long-lived writer reserves rarely. Ids
 * reserved and not used (a writer that stops, a lost attempt) leave gaps, which nothing relies on.
 */
final class UnitIdBlocks {
    static final int BLOCK = 1024;
    private final NodeReader reader;
    private final VersionedNodes nodes;
    private int next; // guarded by this
    private int end; // guarded by this
    private int blockSize = 1; // guarded by this

    UnitIdBlocks(NodeReader reader, VersionedNodes nodes) {
        this.reader = reader;
        this.nodes = nodes;
    }

    /** The next id's number. */
    synchronized int next() {
        if (next == end) {
            reserve(1);
        }
        return next++;
    }

    /** Makes sure the next {@code count} ids come from one reservation, made now if needed. */
    synchronized void ensure(int count) {
        if (end - next < count) {
            reserve(count);
        }
    }

    /** Number {@code taken} exists already (made by another way of naming units): go on above it. */
    synchronized void taken(int taken) {
        if (taken >= next && taken < end) {
            next = taken + 1;
        } else if (taken >= end) {
            next = end; // the next id reserves a block, above every id handed out so far
        }
    }

    private void reserve(int count) {
        int size = Math.max(count, blockSize);
        blockSize = Math.min(BLOCK, blockSize * 2);
        // the counter starts above every id the child counter of /units has named, as older environments did
        int floor = childCounter();
        int first = nodes.update(TopologyLayout.UNIT_IDS, null, content -> {
            Object stored = content.get("next");
            int start = Math.max(stored instanceof Number n ? n.intValue() : 0, floor);
            content.put("next", start + size);
            return start;
        });
        next = first;
        end = first + size;
    }

    private int childCounter() {
        try {
            Stat stat = reader.client().checkExists().forPath(Paths.UNITS);
            return stat == null ? 0 : stat.getCversion();
        } catch (Exception e) {
            throw NodeReader.failure(Paths.UNITS, e);
        }
    }
}
