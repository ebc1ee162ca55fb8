package jujube.cli.internal;

import java.time.Duration;
import jujube.charm.CharmConfig;
import jujube.charm.CharmMetadata;
import jujube.charm.CharmReader;
import jujube.cli.CliException;
import jujube.model.CharmRecord;
import jujube.state.NotConnectedException;
import jujube.model.ServiceInfo;
import jujube.state.StateConnection;
import jujube.state.curator.StateConnections;
import jujube.access.NotAuthorizedException;

/**
 * One command's session with its environment: the environment read from disk and a connection to its
 * state that is connected and initialized, or a one-line failure that says what to check.
 */
final class EnvironmentSession implements AutoCloseable {
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** How long a connection may take before an embedded environment's controller process is looked for. */
    private static final Duration FIRST_WAIT = Duration.ofSeconds(1);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    private final LocalEnvironment env;
    private final StateConnection state;
    /** Made on first use: a status never parses a charm, and the reader's object mapper is dear to make. */
    private CharmReader reader;

    private EnvironmentSession(LocalEnvironment env, StateConnection state) {
        this.env = env;
        this.state = state;
    }

    static EnvironmentSession open(EnvironmentOption option) {
        LocalEnvironment env = LocalEnvironment.load(option.name(), option.dir());
        StateConnection state = StateConnections.open(env.connection());
        try {
            awaitConnected(env, state);
            if (!state.isInitialized()) {
                throw new CliException("environment '" + env.name() + "' at " + env.connectString()
                        + " is not initialized: is its bootstrap still running? (logs in " + env.logs() + ")");
            }
        } catch (NotConnectedException e) {
            state.close();
            throw ControllerReach.unreachable(env);
        } catch (NotAuthorizedException e) {
            state.close();
            throw new CliException("not authorized to use environment '" + env.name() + "': its ZooKeeper at "
                    + env.connectString() + " refuses the administrator credentials in " + env.adminCredentials());
        } catch (RuntimeException e) {
            state.close();
            throw e;
        }
        return new EnvironmentSession(env, state);
    }

    /**
     * Waits for the connection; when it is slow to come and the environment's ZooKeeper is embedded in
     * its controller, a controller recorded by bootstrap, found dead and with no supervisor to start it
     * again ends the wait at once, with what to do (instead of ten seconds of retries and a guess).
     */
    private static void awaitConnected(LocalEnvironment env, StateConnection state) {
        try {
            state.awaitConnected(FIRST_WAIT);
            return;
        } catch (NotConnectedException e) {
            if (env.embedded() && AgentProcesses.down(env, "controller")) {
                throw env.controllerNotRunning();
            }
        }
        state.awaitConnected(CONNECT_TIMEOUT.minus(FIRST_WAIT));
    }

    LocalEnvironment environment() {
        return env;
    }

    StateConnection state() {
        return state;
    }

    CharmReader reader() {
        if (reader == null) {
            reader = new CharmReader();
        }
        return reader;
    }

    /** A service with its charm's metadata and config schema, as published in the state. */
    ServiceCharm service(String name) {
        ServiceInfo service = state.services().get(name);
        CharmRecord charm = state.charms().get(service.charmId());
        return new ServiceCharm(service, metadata(charm), config(charm));
    }

    CharmMetadata metadata(CharmRecord charm) {
        return reader().parseMetadata(charm.id(), charm.metadata());
    }

    CharmConfig config(CharmRecord charm) {
        return reader().parseConfig(charm.id(), charm.config());
    }

    /** A service and what its charm declares. */
    record ServiceCharm(ServiceInfo info, CharmMetadata metadata, CharmConfig config) {
        String name() {
            return info.name();
        }

        boolean subordinate() {
            return metadata.subordinate();
        }
    }

    /**
     * Ends the session as soon as the server has: every command exits after its session, and the
     * ZooKeeper client's own shutdown would add a fixed pause to each. Writes were all answered by then.
     */
    @Override
    public void close() {
        StateConnections.closeBeforeExit(state, CLOSE_TIMEOUT);
    }
}
