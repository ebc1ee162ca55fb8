package jujube.cli.internal;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import jujube.cli.CliException;

/**
 * Why a command got no session from its environment's ZooKeeper, told apart by trying its servers' ports:
 * nothing listens there (the controller is down), or something accepts the connection and gives no session
 * (too many connections from this address, or not a ZooKeeper).
 */
final class ControllerReach {
    private static final int PROBE_TIMEOUT_MS = 1000;

    private ControllerReach() {}

    /** The failure to report for an environment whose ZooKeeper gave no session in time. */
    static CliException unreachable(LocalEnvironment env) {
        boolean listening = false;
        for (String server : env.connectString().split(",")) {
            int colon = server.lastIndexOf(':');
            if (accepts(server.substring(0, colon), Integer.parseInt(server.substring(colon + 1)))) {
                listening = true;
                break;
            }
        }
        if (listening) {
            return new CliException("environment '" + env.name() + "' at " + env.connectString() + " accepts connections"
                    + " but gives this command no session: too many connections from this host, or not its ZooKeeper?"
                    + " (logs in " + env.logs() + ")");
        }
        return new CliException("environment '" + env.name() + "' is down: nothing listens at " + env.connectString()
                + "; is its controller running? (logs in " + env.logs() + ")");
    }

    private static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), PROBE_TIMEOUT_MS);
            return true;
        } catch (ConnectException e) {
            return false; // refused: nothing listens
        } catch (IOException e) {
            return false; // unreachable or no answer: as good as down from here
        }
    }
}
