package jujube.agent.machine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import jujube.agent.machine.DeployedUnit;
import jujube.agent.machine.DeploymentException;
import jujube.agent.machine.UnitAgentDeployments;
import jujube.agent.machine.UnitDeployment;
import jujube.agent.machine.UnitDirectories;
import jujube.model.UnitName;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Unit agent deployments as ConfigAdmin factory configurations, as {@link UnitAgentDeployments} specifies. */
@Component(service = UnitAgentDeployments.class, configurationPid = "jujube.agent.machine")
public final class ConfigAdminDeployments implements UnitAgentDeployments {
    private static final Logger LOG = LoggerFactory.getLogger(ConfigAdminDeployments.class);
    // "?" binds the configuration to whichever bundle provides the unit agent, also after an update of it
    private static final String ANY_BUNDLE = "?";
    // the unit agent's property: upgrade-charm fetches the new charm from the environment's storage
    private static final String CHARM_STORAGE_DIR = "charmStorageDir";
    private final ConfigurationAdmin configAdmin;
    private final String charmStorageDir;

    @Activate
    public ConfigAdminDeployments(@Reference ConfigurationAdmin configAdmin, MachineAgentConfig config) {
        this.configAdmin = configAdmin;
        this.charmStorageDir = config.charmStorageDir() == null ? "" : config.charmStorageDir();
    }

    @Override
    public void deploy(UnitDeployment d) {
        try {
            Configuration c = configuration(d.unit());
            if (c.getProperties() != null) {
                return;
            }
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(UNIT_NAME, d.unit().toString());
            props.put(UNIT_DIR, d.dirs().unitDir().toString());
            props.put(CHARM_DIR, d.dirs().charmDir().toString());
            props.put(MACHINE_ID, d.machineId());
            if (!charmStorageDir.isBlank()) {
                props.put(CHARM_STORAGE_DIR, charmStorageDir);
            }
            d.container().ifPresent(p -> props.put(CONTAINER, p.toString()));
            c.update(props);
            LOG.info("deployed unit agent of {} ({})", d.unit(), c.getPid());
        } catch (IOException e) {
            throw new DeploymentException("cannot deploy the agent of unit " + d.unit() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void retire(UnitName unit) {
        try {
            Optional<Configuration> c = existing(unit);
            if (c.isEmpty() || Boolean.parseBoolean(String.valueOf(c.get().getProperties().get(RETIRE)))) {
                return;
            }
            Dictionary<String, Object> props = c.get().getProperties();
            props.put(RETIRE, Boolean.TRUE);
            c.get().update(props);
            LOG.info("asked the agent of unit {} to retire", unit);
        } catch (IOException e) {
            throw new DeploymentException("cannot retire the agent of unit " + unit + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void remove(UnitName unit) {
        try {
            Optional<Configuration> c = existing(unit);
            if (c.isPresent()) {
                c.get().delete();
                LOG.info("removed the agent of unit {}", unit);
            }
        } catch (IOException e) {
            throw new DeploymentException("cannot remove the agent of unit " + unit + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Map<UnitName, DeployedUnit> deployed() {
        Map<UnitName, DeployedUnit> result = new TreeMap<>();
        for (Configuration c : list("(" + ConfigurationAdmin.SERVICE_FACTORYPID + "=" + FACTORY_PID + ")")) {
            Dictionary<String, Object> p = c.getProperties();
            if (p == null) {
                continue;
            }
            try {
                UnitName unit = UnitName.parse(String.valueOf(p.get(UNIT_NAME)));
                Object container = p.get(CONTAINER);
                UnitDeployment d = new UnitDeployment(unit, Integer.parseInt(String.valueOf(p.get(MACHINE_ID))),
                        new UnitDirectories(Path.of(String.valueOf(p.get(UNIT_DIR)))),
                        container == null ? Optional.empty() : Optional.of(UnitName.parse(container.toString())));
                result.put(unit, new DeployedUnit(d, Boolean.parseBoolean(String.valueOf(p.get(RETIRE)))));
            } catch (IllegalArgumentException e) {
                // not ours to repair: someone wrote it by hand; leaving it alone is safer than deleting
                LOG.warn("ignoring malformed unit agent configuration {}: {}", c.getPid(), e.getMessage());
            }
        }
        return result;
    }

    private Configuration configuration(UnitName unit) throws IOException {
        return configAdmin.getFactoryConfiguration(FACTORY_PID, UnitDirectories.directoryName(unit), ANY_BUNDLE);
    }

    /** The unit's configuration if it holds properties, without creating one. */
    private Optional<Configuration> existing(UnitName unit) {
        String pid = FACTORY_PID + "~" + UnitDirectories.directoryName(unit);
        for (Configuration c : list("(" + Constants.SERVICE_PID + "=" + pid + ")")) {
            if (c.getProperties() != null) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    private Configuration[] list(String filter) {
        try {
            Configuration[] found = configAdmin.listConfigurations(filter);
            return found == null ? new Configuration[0] : found;
        } catch (IOException | InvalidSyntaxException e) {
            throw new DeploymentException("cannot list unit agent configurations: " + e.getMessage(), e);
        }
    }
}
