package jujube.state.store;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;

/** A topology's nodes read from the server, many at a time in multi-reads ({@link NodeBatch}). */
final class ServerTopologySource implements TopologySource {
    private final NodeReader reader;

    ServerTopologySource(NodeReader reader) {
        this.reader = reader;
    }

    @Override
    public Map<String, Shard> read(Collection<String> paths) {
        NodeBatch batch = new NodeBatch(reader.client());
        Map<String, CompletableFuture<OpResult.GetDataResult>> pending = new LinkedHashMap<>();
        paths.forEach(p -> pending.put(p, batch.node(p)));
        batch.await();
        Map<String, Shard> result = new HashMap<>();
        pending.forEach((path, f) -> {
            OpResult.GetDataResult d = f.join();
            result.put(path, d == null ? null : new Shard(reader.parse(path, d.getData()), d.getStat().getVersion(),
                    d.getStat().getNumChildren()));
        });
        return result;
    }

    @Override
    public List<String> children(String path) {
        try {
            return reader.client().getChildren().forPath(path).stream().sorted().toList();
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }
}
