package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import jujube.model.CharmRecord;
import jujube.state.ConnectionConfig;
import jujube.state.EnvironmentSettings;
import jujube.model.RelationEndpoint;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.model.UnitName;
import jujube.state.UnitRelation;
import jujube.workflow.RelationWorkflow;
import jujube.workflow.UnitWorkflow;
import jujube.workflow.Workflows;

/**
 * The world around the crashed unit agent, driven by the test: service {@code app} (the agent's units)
 * related over {@code db} to service {@code db}, whose units are played by the test itself: they join and
 * leave the relation's scope and change their {@code seq} setting; the test also changes
 * {@code app}'s {@code title} option and hands out failure tokens to the agent's relation hooks.
 */
final class CrashEnvironment implements AutoCloseable {
    private static final int REMOTES = 4;
    private final ObjectMapper mapper = new ObjectMapper();
    final StateConnection state;
    final String relationId;
    private final Map<UnitName, UnitRelation> present = new TreeMap<>();
    private final Map<UnitName, Integer> seq = new TreeMap<>();
    private final Set<String> everJoined = new TreeSet<>();
    private int title;
    private int mutations;

    /** The administrator, as whom the agents in their own JVMs connect too. */
    final jujube.access.Credential admin = jujube.access.Credential.generate(jujube.access.Credential.ADMIN);

    CrashEnvironment(String connectString, String chroot) {
        state = StateConnections.open(new ConnectionConfig(connectString, Duration.ofSeconds(10), Duration.ofSeconds(5),
                chroot, List.of(admin)), List.of());
        state.awaitConnected(Duration.ofSeconds(10));
        state.initialize(new EnvironmentSettings("crash", "local", "local", "local-0"));
        for (String name : List.of("app", "db")) {
            String charm = "local:precise/" + name + "-1";
            state.charms().publish(new CharmRecord(charm, "file:///nowhere/" + name, "sha-" + name,
                    Map.of("name", name), Map.of("options", Map.of("title", Map.of("type", "string", "default", "t0")))));
            state.services().add(name, charm);
        }
        relationId = state.relations().add("mysql", RelationScope.GLOBAL, List.of(
                new RelationEndpoint("app", "db", RelationRole.CLIENT),
                new RelationEndpoint("db", "db", RelationRole.SERVER))).id();
        for (int i = 0; i < REMOTES; i++) {
            UnitName remote = state.units().add("db").name();
            state.units().setAddresses(remote, "pub-db-" + i, "10.1.0." + i);
            seq.put(remote, 0);
        }
        setTitle();
    }

    /** A new unit of {@code app} with an address, as the machine agent would leave it. */
    UnitName addAgentUnit() {
        UnitName unit = state.units().add("app").name();
        state.units().setAddresses(unit, "pub-app-" + unit.number(), "10.0.0." + unit.number());
        return unit;
    }

    /** One random change of the world; {@code control} is the agent's charm control directory. */
    String mutate(Random random, Path control) throws IOException {
        mutations++;
        List<UnitName> remotes = List.copyOf(seq.keySet());
        UnitName remote = remotes.get(random.nextInt(remotes.size()));
        int dice = random.nextInt(10);
        if (dice < 2) {
            setTitle();
            return "title=" + title;
        }
        if (dice == 2) {
            Files.writeString(control.resolve("fail-next"), "");
            return "fail token";
        }
        if (!present.containsKey(remote) || (dice == 3 && present.size() > 1)) {
            return present.containsKey(remote) ? leave(remote) : join(remote);
        }
        int next = seq.merge(remote, 1, Integer::sum);
        state.relations().of(relationId, remote).updateSettings(Map.of("seq", String.valueOf(next)));
        return remote + " seq=" + next;
    }

    private String join(UnitName remote) {
        UnitRelation member = state.relations().of(relationId, remote);
        member.enterScope();
        present.put(remote, member);
        everJoined.add(remote.toString());
        return remote + " joined";
    }

    private String leave(UnitName remote) {
        present.remove(remote).leaveScope();
        return remote + " left";
    }

    private void setTitle() {
        state.services().updateConfig("app", Map.of("title", "t" + (++title)));
    }

    int mutations() {
        return mutations;
    }

    /** What the agent of {@code unit} must have reached, with what disk and ZooKeeper say now. */
    CrashInvariants observe(UnitName unit, Path unitDir) {
        Map<String, String> members = new LinkedHashMap<>();
        present.keySet().forEach(remote -> {
            int value = seq.get(remote);
            members.put(remote.toString(), value == 0 ? "none" : String.valueOf(value));
        });
        Path stateDir = unitDir.resolve("state");
        Path relations = stateDir.resolve("relations");
        UnitRelation side = state.relations().of(relationId, unit);
        Map<UnitName, Integer> related = new TreeMap<>();
        side.relatedUnits().forEach(remote -> related.put(remote, side.settingsOf(remote).version()));
        return new CrashInvariants("t" + title, members, everJoined, side.settings().values(), related,
                Workflows.fileStore(stateDir.resolve("unit.json"), UnitWorkflow.DEFINITION, mapper).load(),
                state.units().get(unit).workflowState(),
                Workflows.fileStore(relations.resolve(relationId + ".json"), RelationWorkflow.DEFINITION, mapper)
                        .load().state(),
                state.units().relationWorkflowStates(unit).get(relationId),
                Workflows.fileQueueStore(relations.resolve(relationId + ".queue.json"), mapper).load());
    }

    @Override
    public void close() {
        state.close();
    }
}
