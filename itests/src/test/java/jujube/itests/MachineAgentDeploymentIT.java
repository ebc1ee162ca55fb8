package jujube.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import javax.inject.Inject;
import jujube.charm.CharmArchives;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.StoredCharm;
import jujube.model.CharmRecord;
import jujube.state.StateConnection;
import jujube.model.UnitName;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;

/** The machine agent in its feature: an assigned unit becomes a unit agent factory configuration. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class MachineAgentDeploymentIT {
    @Inject
    BundleContext context;

    @Inject
    StateConnection state;

    @Inject
    ConfigurationAdmin configAdmin;

    @Configuration
    public Option[] config() throws Exception {
        return MachineAgentFramework.options();
    }

    @Test
    public void an_assigned_unit_gets_its_charm_unpacked_and_a_unit_agent_configuration() throws Exception {
        MachineAgentFeatureIT.await("machine 0 present", () -> state.machines().list().get(0).agentConnected());
        Path storage = Path.of(context.getProperty("jujube.charm.storage"));
        Path charmDir = Files.createDirectories(Files.createTempDirectory("jujube-itest-charm").resolve("deployit"));
        Files.writeString(charmDir.resolve("metadata.yaml"), "name: deployit\nsummary: s\ndescription: d\n");
        Files.writeString(charmDir.resolve("revision"), "1\n");
        Path archive = CharmArchives.build(charmDir, charmDir.resolveSibling("deployit.charm")).path();
        CharmUrl url = CharmUrl.local("precise", "deployit", 1);
        StoredCharm stored = new CharmStorage(storage).put(url, archive);
        state.charms().publish(new CharmRecord(url.toString(), storage.resolve(stored.key()).toUri().toString(),
                stored.sha256().hex(), java.util.Map.of("name", "deployit"), java.util.Map.of()));
        state.services().add("deployit", url.toString());
        UnitName unit = state.units().add("deployit").name();
        state.units().assign(unit, 0);
        String pid = "jujube.agent.unit~deployit-" + unit.number();
        try {
            MachineAgentFeatureIT.await("configuration " + pid, () -> {
                try {
                    org.osgi.service.cm.Configuration[] found = configAdmin.listConfigurations("(service.pid=" + pid + ")");
                    return found != null && found.length == 1;
                } catch (java.io.IOException | org.osgi.framework.InvalidSyntaxException e) {
                    throw new IllegalStateException(e);
                }
            });
            Dictionary<String, Object> props = configAdmin.listConfigurations("(service.pid=" + pid + ")")[0].getProperties();
            assertEquals(unit.toString(), props.get("unitName"));
            Path unitDir = Path.of(context.getProperty("jujube.data.dir"), "units", "deployit-" + unit.number());
            assertEquals(unitDir.toString(), props.get("unitDir"));
            assertEquals(unitDir.resolve("charm").toString(), props.get("charmDir"));
            assertEquals("0", String.valueOf(props.get("machineId")));
            assertEquals("jujube.agent.unit", props.get(ConfigurationAdmin.SERVICE_FACTORYPID));
            assertTrue(Files.isRegularFile(unitDir.resolve("charm/metadata.yaml")));
            MachineAgentFeatureIT.await("addresses", () -> state.units().get(unit).privateAddress().equals("127.0.0.1"));
        } finally {
            // the ZooKeeper outlives this framework: leave no unit for the next test class's machine 0
            state.units().unassign(unit);
            state.units().remove(unit);
        }
    }
}
