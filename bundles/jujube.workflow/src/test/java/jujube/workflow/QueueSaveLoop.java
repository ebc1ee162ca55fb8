package jujube.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.UnitName;

/**
 * A process that saves a hook queue again and again until it is killed, the settings version of db/0
 * rising by one per save, and prints each version once its save returned (acknowledged).
 */
public final class QueueSaveLoop {
    private QueueSaveLoop() {
    }

    public static void main(String[] args) {
        QueueStore store = Workflows.fileQueueStore(Path.of(args[0]), new ObjectMapper());
        TreeSet<UnitName> members = new TreeSet<>();
        for (int i = 0; i < 25; i++) { // a realistic line: a relation of 25 remote units
            members.add(new UnitName("app", i));
        }
        for (int version = 0; ; version++) {
            store.save(new QueueState(new TreeMap<>(Map.of(new UnitName("db", 0), version)), members, List.of(), false));
            System.out.println(version);
        }
    }
}
