package jujube.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.inject.Inject;
import jujube.agent.unit.UnitAgent;
import jujube.charm.CharmArchives;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.StoredCharm;
import jujube.spi.CharmUpgrade;
import jujube.spi.CharmUpgradeException;
import jujube.spi.CharmUpgradeHandler;
import jujube.spi.RelationScopeHandler;
import jujube.model.CharmRecord;
import jujube.model.RelationEndpoint;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import jujube.model.UpgradeRequest;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * docs/architecture.md section 2, runtime swaps: a better-ranked {@link CharmUpgradeHandler} or
 * {@link RelationScopeHandler} registered while a unit agent runs is used at its next upgrade or
 * membership change, and the unit agent component is not reactivated for it (same component
 * configuration, same service, no hook but the one the operation asks for).
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class HandlerSwapIT {
    private static final String UNIT_AGENT_COMPONENT = "jujube.agent.unit.internal.UnitAgentComponent";
    @Inject
    BundleContext context;

    @Inject
    StateConnection state;

    @Inject
    ServiceComponentRuntime scr;

    @Configuration
    public Option[] config() throws Exception {
        return MachineAgentFramework.options();
    }

    @Test
    public void a_higher_ranked_upgrade_handler_does_the_next_upgrade_without_reactivating_the_unit_agent()
            throws Exception {
        Path hookLog = Files.createTempFile("jujube-swap", ".log");
        UnitName unit = deployStarted("swapit", hookLog);
        try {
            long serviceId = unitAgentServiceId(unit);
            long componentId = unitAgentComponentId(unit);
            CharmUpgradeHandler standard = context.getService(context.getServiceReference(CharmUpgradeHandler.class));
            List<CharmUpgrade> calls = new CopyOnWriteArrayList<>();
            ServiceRegistration<CharmUpgradeHandler> swapped = context.registerService(CharmUpgradeHandler.class,
                    request -> {
                        calls.add(request);
                        standard.upgrade(request); // the real work: this handler proves who was asked
                    }, ranked(100, Map.of()));
            try {
                String v2 = publish("swapit", 2, hookLog);
                state.services().setCharm("swapit", v2);
                state.units().setUpgrade(unit, new UpgradeRequest(false));

                MachineAgentFeatureIT.await("upgrade-charm ran", () -> hookLines(hookLog).contains("upgrade-charm 2"));
                assertEquals(1, calls.size());
                assertEquals(v2, calls.get(0).newCharmUrl());
                assertEquals(List.of("install 1", "config-changed 1", "start 1", "upgrade-charm 2"), hookLines(hookLog));
                assertEquals("started", unitAgent(unit).workflowState());
                assertEquals("the unit agent service was not re-registered", serviceId, unitAgentServiceId(unit));
                assertEquals("the unit agent component was not reactivated", componentId, unitAgentComponentId(unit));
            } finally {
                swapped.unregister();
            }
        } finally {
            retire(unit);
        }
    }

    @Test
    public void a_higher_ranked_scope_handler_decides_the_next_membership_without_reactivating_the_unit_agent()
            throws Exception {
        Path hookLog = Files.createTempFile("jujube-scope", ".log");
        UnitName unit = deployStarted("scoped", hookLog);
        UnitName remote = state.units().add(deployService("peer", hookLog)).name();
        state.units().setAddresses(remote, "pub", "10.9.9.9");
        try {
            long serviceId = unitAgentServiceId(unit);
            long componentId = unitAgentComponentId(unit);
            List<Set<String>> asked = new CopyOnWriteArrayList<>();
            ServiceRegistration<RelationScopeHandler> swapped = context.registerService(RelationScopeHandler.class,
                    new RelationScopeHandler() {
                        @Override
                        public String scope() {
                            return "global";
                        }

                        @Override
                        public Set<String> visible(String self, String container, Map<String, String> candidates) {
                            asked.add(Set.copyOf(candidates.keySet()));
                            return Set.of(); // this handler hides everyone: no relation hook about them may run
                        }
                    }, ranked(100, Map.of(RelationScopeHandler.SCOPE, "global")));
            try {
                String relation = state.relations().add("swap", RelationScope.GLOBAL, List.of(
                        new RelationEndpoint("scoped", "db", RelationRole.CLIENT),
                        new RelationEndpoint("peer", "db", RelationRole.SERVER))).id();
                state.relations().of(relation, remote).enterScope();
                {
                    MachineAgentFeatureIT.await("the new handler was asked about " + remote,
                            () -> asked.stream().anyMatch(c -> c.contains(remote.toString())));
                    MachineAgentFeatureIT.await("the unit joined the relation", () -> "up".equals(
                            state.units().relationWorkflowStates(unit).get(relation)));
                    assertEquals("no relation hook about a unit the handler hides",
                            List.of("install 1", "config-changed 1", "start 1"), hookLines(hookLog));
                    assertEquals(serviceId, unitAgentServiceId(unit));
                    assertEquals(componentId, unitAgentComponentId(unit));
                }
                state.relations().remove(relation);
            } finally {
                swapped.unregister();
            }
        } finally {
            retire(unit);
        }
    }

    /** Deploys a one-unit service of a charm whose hooks log {@code <hook> <revision>}, awaits it started. */
    private UnitName deployStarted(String service, Path hookLog) throws Exception {
        MachineAgentFeatureIT.await("machine 0 present", () -> state.machines().list().get(0).agentConnected());
        UnitName unit = state.units().add(deployService(service, hookLog)).name();
        state.units().assign(unit, 0);
        MachineAgentFeatureIT.await(unit + " started", () -> {
            UnitAgent agent = unitAgent(unit);
            return agent != null && "started".equals(agent.workflowState());
        });
        return unit;
    }

    private String deployService(String service, Path hookLog) throws IOException {
        state.services().add(service, publish(service, 1, hookLog));
        return service;
    }

    /** Builds revision {@code revision} of a charm named {@code name}, stores and publishes it. */
    private String publish(String name, int revision, Path hookLog) throws IOException {
        Path storage = Path.of(context.getProperty("jujube.charm.storage"));
        Path dir = Files.createTempDirectory("jujube-itest-charm").resolve(name);
        Path hooks = Files.createDirectories(dir.resolve("hooks"));
        Files.writeString(dir.resolve("metadata.yaml"), "name: " + name + "\nsummary: s\ndescription: d\n");
        Files.writeString(dir.resolve("revision"), revision + "\n");
        for (String hook : List.of("install", "config-changed", "start", "stop", "upgrade-charm")) {
            Path file = hooks.resolve(hook);
            Files.writeString(file, "#!/bin/sh\necho '" + hook + " " + revision + "' >> '" + hookLog + "'\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
        }
        Path archive = CharmArchives.build(dir, dir.resolveSibling(name + ".charm")).path();
        CharmUrl url = CharmUrl.local("precise", name, revision);
        StoredCharm stored = new CharmStorage(storage).put(url, archive);
        state.charms().publish(new CharmRecord(url.toString(), storage.resolve(stored.key()).toUri().toString(),
                stored.sha256().hex(), Map.of("name", name), Map.of()));
        return url.toString();
    }

    private static List<String> hookLines(Path hookLog) {
        try {
            return Files.readAllLines(hookLog);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private ServiceReference<UnitAgent> unitAgentReference(UnitName unit) {
        try {
            Collection<ServiceReference<UnitAgent>> refs = context.getServiceReferences(UnitAgent.class,
                    "(unitName=" + unit + ")");
            return refs.isEmpty() ? null : refs.iterator().next();
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private UnitAgent unitAgent(UnitName unit) {
        ServiceReference<UnitAgent> ref = unitAgentReference(unit);
        return ref == null ? null : context.getService(ref);
    }

    private long unitAgentServiceId(UnitName unit) {
        ServiceReference<UnitAgent> ref = unitAgentReference(unit);
        assertNotNull("a unit agent service for " + unit, ref);
        return (Long) ref.getProperty(Constants.SERVICE_ID);
    }

    /** The id of the unit's active component configuration: a reactivation would give a new one. */
    private long unitAgentComponentId(UnitName unit) {
        for (ComponentDescriptionDTO description : scr.getComponentDescriptionDTOs()) {
            if (!description.name.equals(UNIT_AGENT_COMPONENT)) {
                continue;
            }
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(description)) {
                if (unit.toString().equals(c.properties.get("unitName"))) {
                    assertEquals(ComponentConfigurationDTO.ACTIVE, c.state);
                    return c.id;
                }
            }
        }
        throw new AssertionError("no unit agent component configuration for " + unit);
    }

    private static Dictionary<String, Object> ranked(int ranking, Map<String, Object> more) {
        Dictionary<String, Object> properties = new Hashtable<>(more);
        properties.put(Constants.SERVICE_RANKING, ranking);
        return properties;
    }

    /** Leaves machine 0 empty for the next test (the ZooKeeper outlives the framework). */
    private void retire(UnitName unit) {
        state.units().unassign(unit);
        state.units().remove(unit);
    }
}
