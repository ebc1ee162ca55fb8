package jujube.hooks.internal;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jujube.charm.CharmException;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolBackend;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.LogLevel;
import jujube.model.Port;
import jujube.hooks.tools.UnitAddress;
import jujube.model.NoSuchRelationException;
import jujube.model.LogText;
import jujube.model.NoSuchUnitException;
import jujube.model.StateException;

/**
 * The hook tools' backend for one unit: the live hook contexts by client id. A client id is 128
 * random bits from a {@link SecureRandom} in hex, so another local process cannot guess one; it maps
 * to its context from {@link #open} to {@link #close}, and is unknown ({@code NoSuchClient}) outside
 * that window. State failures while a tool reads are answered as tool errors (the tool exits 1 and the
 * hook decides), never as broken connections.
 */
final class HookContextRegistry implements HookToolBackend {
    /** The longest juju-log line the agent's log takes; the rest is cut, with a note. */
    private static final int MAX_LOG_LINE_CHARS = 16 * 1024;

    private final Map<String, HookContext> live = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final HookLog log;

    HookContextRegistry(HookLog log) {
        this.log = log;
    }

    /** Makes the context reachable under a fresh client id, which it returns. */
    String open(HookContext context) {
        byte[] bits = new byte[16];
        random.nextBytes(bits);
        String clientId = HexFormat.of().formatHex(bits);
        live.put(clientId, context);
        return clientId;
    }

    /** Expires the client id and seals its context against further writes. */
    void close(String clientId) {
        HookContext context = live.remove(clientId);
        if (context != null) {
            context.seal();
        }
    }

    int liveContexts() {
        return live.size();
    }

    private HookContext context(String clientId) throws HookToolException {
        HookContext context = clientId == null ? null : live.get(clientId);
        if (context == null) {
            throw new HookToolException(ErrorCode.NO_SUCH_CLIENT, "unknown or expired client id");
        }
        return context;
    }

    /** A backend call whose state failures become tool errors. */
    private interface Call<T> {
        T run(HookContext context) throws HookToolException;
    }

    private <T> T call(String clientId, Call<T> call) throws HookToolException {
        HookContext context = context(clientId);
        try {
            return call.run(context);
        } catch (NoSuchRelationException e) {
            throw new HookToolException(ErrorCode.NO_SUCH_RELATION, e.getMessage());
        } catch (NoSuchUnitException e) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, e.getMessage());
        } catch (jujube.model.NotLeaderException e) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, e.getMessage());
        } catch (jujube.model.SettingsTooLargeException e) {
            throw new HookToolException(ErrorCode.BAD_REQUEST, e.getMessage());
        } catch (StateException | CharmException e) {
            throw new HookToolException(ErrorCode.INTERNAL_ERROR, "could not read the environment: " + e.getMessage());
        }
    }

    @Override
    public Map<String, String> relationGet(String clientId, String relationId, String unit) throws HookToolException {
        return call(clientId, c -> c.relationGet(relationId, unit));
    }

    @Override
    public void relationSet(String clientId, String relationId, Map<String, String> changes) throws HookToolException {
        call(clientId, c -> {
            c.relationSet(relationId, changes);
            return null;
        });
    }

    @Override
    public List<String> relationList(String clientId, String relationId) throws HookToolException {
        return call(clientId, c -> c.relationList(relationId));
    }

    @Override
    public List<String> relationIds(String clientId, String relationName) throws HookToolException {
        return call(clientId, c -> c.relationIds(relationName));
    }

    @Override
    public Map<String, Object> configGet(String clientId) throws HookToolException {
        return call(clientId, HookContext::configGet);
    }

    @Override
    public List<jujube.model.Port> openedPorts(String clientId) throws HookToolException {
        return call(clientId, HookContext::openedPorts);
    }

    @Override
    public jujube.hooks.tools.NetworkInfo networkGet(String clientId, String binding, String relationId)
            throws HookToolException {
        return call(clientId, c -> c.networkGet(binding, relationId));
    }

    @Override
    public Map<String, Object> configGetAll(String clientId) throws HookToolException {
        return call(clientId, HookContext::configGetAll);
    }

    @Override
    public Map<String, String> relationGetApp(String clientId, String relationId, String app) throws HookToolException {
        return call(clientId, c -> c.relationGetApp(relationId, app));
    }

    @Override
    public void relationSetApp(String clientId, String relationId, Map<String, String> changes) throws HookToolException {
        call(clientId, c -> {
            c.relationSetApp(relationId, changes);
            return null;
        });
    }

    @Override
    public String relationListApp(String clientId, String relationId) throws HookToolException {
        return call(clientId, c -> c.relationListApp(relationId));
    }

    @Override
    public Map<String, String> stateGet(String clientId) throws HookToolException {
        return call(clientId, HookContext::stateGet);
    }

    @Override
    public void stateSet(String clientId, Map<String, String> changes) throws HookToolException {
        call(clientId, c -> {
            c.stateSet(changes);
            return null;
        });
    }

    @Override
    public Map<String, Object> goalState(String clientId) throws HookToolException {
        return call(clientId, HookContext::goalState);
    }

    @Override
    public boolean isLeader(String clientId) throws HookToolException {
        return call(clientId, HookContext::isLeader);
    }

    @Override
    public Map<String, String> leaderGet(String clientId) throws HookToolException {
        return call(clientId, HookContext::leaderGet);
    }

    @Override
    public void leaderSet(String clientId, Map<String, String> changes) throws HookToolException {
        call(clientId, c -> {
            c.leaderSet(changes);
            return null;
        });
    }

    @Override
    public void statusSet(String clientId, boolean application, String status, String message)
            throws HookToolException {
        call(clientId, c -> {
            c.statusSet(application, status, message);
            return null;
        });
    }

    @Override
    public jujube.hooks.tools.StatusInfo unitStatus(String clientId) throws HookToolException {
        return call(clientId, HookContext::unitStatus);
    }

    @Override
    public jujube.hooks.tools.StatusInfo.OfApplication applicationStatus(String clientId) throws HookToolException {
        return call(clientId, HookContext::applicationStatus);
    }

    @Override
    public void applicationVersionSet(String clientId, String version) throws HookToolException {
        call(clientId, c -> {
            c.applicationVersionSet(version);
            return null;
        });
    }

    @Override
    public String unitGet(String clientId, UnitAddress address) throws HookToolException {
        return call(clientId, c -> c.unitGet(address));
    }

    @Override
    public void openPort(String clientId, Port port) throws HookToolException {
        call(clientId, c -> {
            c.port(port, true);
            return null;
        });
    }

    @Override
    public void closePort(String clientId, Port port) throws HookToolException {
        call(clientId, c -> {
            c.port(port, false);
            return null;
        });
    }

    /** Logs the message with its control characters escaped ({@link LogText}): one bounded line per call. */
    @Override
    public void log(String clientId, LogLevel level, String message) {
        HookContext context = clientId == null ? null : live.get(clientId);
        String line = LogText.line(message, MAX_LOG_LINE_CHARS);
        if (context == null) {
            log.charmLog(null, null, level, line);
        } else {
            log.charmLog(context.unit().toString(), context.hookName(), level, line);
        }
    }

    @Override
    public Map<String, Object> actionGet(String clientId) throws HookToolException {
        return call(clientId, HookContext::actionGet);
    }

    @Override
    public void actionSet(String clientId, Map<String, Object> results) throws HookToolException {
        call(clientId, c -> {
            c.actionSet(results);
            return null;
        });
    }

    @Override
    public void actionLog(String clientId, String message) throws HookToolException {
        call(clientId, c -> {
            c.actionLog(message);
            return null;
        });
    }

    @Override
    public void actionFail(String clientId, String message) throws HookToolException {
        call(clientId, c -> {
            c.actionFail(message);
            return null;
        });
    }
}
