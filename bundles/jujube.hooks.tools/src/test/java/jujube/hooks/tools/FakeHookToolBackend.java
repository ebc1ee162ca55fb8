package jujube.hooks.tools;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import jujube.hooks.protocol.ErrorCode;
import jujube.model.Port;

/**
 * An in-memory backend with a fixed fixture: unit wordpress/0 in relations db:0 (mysql/0, mysql/1),
 * db:1 (mysql-2/0) and cache:2 (memcached/0). Client hook-1 runs a db:0 hook with remote unit mysql/0;
 * client hook-2 runs a hook outside any relation; every other client id is unknown. The unit leads its
 * service in hook-1's time, not in hook-2's; the leader settings hold {@code ring=abc}. Client action-3 runs
 * the action {@code backup} with parameters {@code target=/srv, compress=true, retention: {days: 7}}.
 */
public final class FakeHookToolBackend implements HookToolBackend {
    static final String LOCAL_UNIT = "wordpress/0";

    private record Hook(String relationId, String remoteUnit) {
    }

    private final Map<String, Hook> hooks = Map.of("hook-1", new Hook("db:0", "mysql/0"), "hook-2", new Hook(null, null),
            "action-3", new Hook(null, null));
    final Map<String, Object> actionResults = new java.util.LinkedHashMap<>();
    final List<String> actionLog = Collections.synchronizedList(new ArrayList<>());
    volatile String actionFailure;
    private final Map<String, Map<String, Map<String, String>>> relations = new ConcurrentHashMap<>();
    final Set<Port> ports = Collections.synchronizedSet(new TreeSet<>((a, b) -> a.toString().compareTo(b.toString())));
    final List<String> logs = Collections.synchronizedList(new ArrayList<>());
    final Map<String, String> leaderSettings = new ConcurrentHashMap<>();
    /** Application bags by relation id, then application: db:0 relates wordpress and mysql. */
    final Map<String, Map<String, Map<String, String>>> appBags = new ConcurrentHashMap<>();
    final Map<String, String> charmState = new java.util.TreeMap<>();
    volatile StatusInfo unitStatus;
    volatile StatusInfo appStatus;
    volatile String workloadVersion;

    public FakeHookToolBackend() {
        reset();
    }

    /** Back to the fixture, between test cases. */
    public synchronized void reset() {
        relations.clear();
        relations.put("db:0", units(Map.of("mysql/0", Map.of("host", "10.0.0.1", "port", "3306", "user", "wp"),
                "mysql/1", Map.of("host", "10.0.0.2"), LOCAL_UNIT, Map.of("blog", "my blog"))));
        relations.put("db:1", units(Map.of("mysql-2/0", Map.of("host", "10.0.1.1"), LOCAL_UNIT, Map.of())));
        relations.put("cache:2", units(Map.of("memcached/0", Map.of(), LOCAL_UNIT, Map.of())));
        ports.clear();
        ports.add(new Port(22, "tcp"));
        logs.clear();
        leaderSettings.clear();
        leaderSettings.put("ring", "abc");
        synchronized (charmState) {
            charmState.clear();
            charmState.put("seen", "3");
        }
        appBags.clear();
        appBags.put("db:0", new ConcurrentHashMap<>(Map.of("mysql", new ConcurrentHashMap<>(Map.of("database", "wp")),
                "wordpress", new ConcurrentHashMap<>(Map.of("title", "my blog")))));
        unitStatus = new StatusInfo("maintenance", "installing");
        appStatus = new StatusInfo("unknown", "");
        workloadVersion = "";
        synchronized (actionResults) {
            actionResults.clear();
        }
        actionLog.clear();
        actionFailure = null;
    }

    private static Map<String, Map<String, String>> units(Map<String, Map<String, String>> fixture) {
        Map<String, Map<String, String>> units = new ConcurrentHashMap<>();
        fixture.forEach((unit, settings) -> units.put(unit, new ConcurrentHashMap<>(settings)));
        return units;
    }

    private Hook hook(String clientId) throws HookToolException {
        Hook hook = clientId == null ? null : hooks.get(clientId);
        if (hook == null) {
            throw new HookToolException(ErrorCode.NO_SUCH_CLIENT, "unknown or expired client id: " + clientId);
        }
        return hook;
    }

    private Map<String, Map<String, String>> relation(String clientId, String relationId) throws HookToolException {
        Hook hook = hook(clientId);
        String id = relationId != null ? relationId : hook.relationId();
        if (id == null) {
            throw new HookToolException(ErrorCode.NOT_RELATION_CONTEXT, "not in a relation hook: use -r to name a relation");
        }
        Map<String, Map<String, String>> relation = relations.get(id);
        if (relation == null) {
            throw new HookToolException(ErrorCode.NO_SUCH_RELATION, "no relation " + id);
        }
        return relation;
    }

    @Override
    public Map<String, String> relationGet(String clientId, String relationId, String unit) throws HookToolException {
        Map<String, Map<String, String>> relation = relation(clientId, relationId);
        String name = unit != null ? unit : hook(clientId).remoteUnit();
        if (name == null || !relation.containsKey(name)) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, "unit " + name + " is not in the relation");
        }
        return Map.copyOf(relation.get(name));
    }

    @Override
    public void relationSet(String clientId, String relationId, Map<String, String> changes) throws HookToolException {
        Map<String, String> local = relation(clientId, relationId).get(LOCAL_UNIT);
        changes.forEach((k, v) -> {
            if (v.isEmpty()) {
                local.remove(k);
            } else {
                local.put(k, v);
            }
        });
    }

    @Override
    public List<String> relationList(String clientId, String relationId) throws HookToolException {
        List<String> units = new ArrayList<>(new TreeSet<>(relation(clientId, relationId).keySet()));
        units.remove(LOCAL_UNIT);
        return units;
    }

    @Override
    public List<String> relationIds(String clientId, String relationName) throws HookToolException {
        Hook hook = hook(clientId);
        String name = relationName;
        if (name == null) {
            if (hook.relationId() == null) {
                throw new HookToolException(ErrorCode.NOT_RELATION_CONTEXT, "not in a relation hook: name a relation");
            }
            name = hook.relationId().substring(0, hook.relationId().indexOf(':'));
        }
        String prefix = name + ":";
        return relations.keySet().stream().filter(id -> id.startsWith(prefix)).sorted().toList();
    }

    @Override
    public Map<String, Object> configGet(String clientId) throws HookToolException {
        hook(clientId);
        return new TreeMap<>(Map.of("title", "My blog", "debug", true, "port", 8080L, "ratio", 0.5));
    }

    @Override
    public Map<String, Object> configGetAll(String clientId) throws HookToolException {
        Map<String, Object> all = new TreeMap<>(configGet(clientId));
        all.put("tagline", null); // an option without value nor default
        return all;
    }

    @Override
    public String unitGet(String clientId, UnitAddress address) throws HookToolException {
        hook(clientId);
        return address == UnitAddress.PRIVATE_ADDRESS ? "10.0.0.10" : "blog.example.com";
    }

    @Override
    public List<Port> openedPorts(String clientId) throws HookToolException {
        hook(clientId);
        return ports.stream().sorted().toList();
    }

    @Override
    public NetworkInfo networkGet(String clientId, String binding, String relationId) throws HookToolException {
        hook(clientId);
        if (!List.of("db", "website", "juju-info").contains(binding)) {
            throw new HookToolException(ErrorCode.NO_SUCH_KEY, "no network config found for binding \"" + binding + "\"");
        }
        return new NetworkInfo(List.of(new NetworkInfo.BindAddress("00:16:3e:12:34:56", "eth0",
                List.of(new NetworkInfo.Address("", "10.0.0.10", "10.0.0.0/24")))), List.of("10.0.0.10/32"),
                List.of("10.0.0.10"));
    }

    @Override
    public void openPort(String clientId, Port port) throws HookToolException {
        hook(clientId);
        ports.add(port);
    }

    @Override
    public void closePort(String clientId, Port port) throws HookToolException {
        hook(clientId);
        ports.remove(port);
    }

    @Override
    public void log(String clientId, LogLevel level, String message) {
        logs.add(level + " " + message);
    }

    @Override
    public boolean isLeader(String clientId) throws HookToolException {
        hook(clientId);
        return "hook-1".equals(clientId);
    }

    @Override
    public Map<String, String> leaderGet(String clientId) throws HookToolException {
        hook(clientId);
        return Map.copyOf(leaderSettings);
    }

    @Override
    public void leaderSet(String clientId, Map<String, String> changes) throws HookToolException {
        if (!isLeader(clientId)) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, LOCAL_UNIT + " is not the leader");
        }
        changes.forEach((k, v) -> {
            if (v.isEmpty()) {
                leaderSettings.remove(k);
            } else {
                leaderSettings.put(k, v);
            }
        });
    }

    @Override
    public void statusSet(String clientId, boolean application, String status, String message)
            throws HookToolException {
        if (application && !isLeader(clientId)) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, LOCAL_UNIT + " is not the leader");
        }
        hook(clientId);
        if (application) {
            appStatus = new StatusInfo(status, message);
        } else {
            unitStatus = new StatusInfo(status, message);
        }
    }

    @Override
    public StatusInfo unitStatus(String clientId) throws HookToolException {
        hook(clientId);
        return unitStatus;
    }

    @Override
    public StatusInfo.OfApplication applicationStatus(String clientId) throws HookToolException {
        if (!isLeader(clientId)) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, LOCAL_UNIT + " is not the leader");
        }
        return new StatusInfo.OfApplication(appStatus, Map.of(LOCAL_UNIT, unitStatus,
                "wordpress/1", new StatusInfo("active", "")));
    }

    @Override
    public void applicationVersionSet(String clientId, String version) throws HookToolException {
        hook(clientId);
        workloadVersion = version;
    }

    @Override
    public Map<String, String> relationGetApp(String clientId, String relationId, String app) throws HookToolException {
        relation(clientId, relationId);
        String id = relationId != null ? relationId : hook(clientId).relationId();
        Map<String, Map<String, String>> bags = appBags.getOrDefault(id, Map.of());
        String wanted = app != null ? app : "mysql";
        if (!bags.containsKey(wanted)) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, "application " + wanted + " is not in relation " + id);
        }
        if (wanted.equals("wordpress") && !isLeader(clientId)) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, "permission denied");
        }
        return Map.copyOf(bags.get(wanted));
    }

    @Override
    public void relationSetApp(String clientId, String relationId, Map<String, String> changes) throws HookToolException {
        relation(clientId, relationId);
        if (!isLeader(clientId)) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, "cannot write relation settings");
        }
        String id = relationId != null ? relationId : hook(clientId).relationId();
        Map<String, String> bag = appBags.computeIfAbsent(id, k -> new ConcurrentHashMap<>())
                .computeIfAbsent("wordpress", k -> new ConcurrentHashMap<>());
        changes.forEach((k, v) -> {
            if (v.isEmpty()) {
                bag.remove(k);
            } else {
                bag.put(k, v);
            }
        });
    }

    @Override
    public String relationListApp(String clientId, String relationId) throws HookToolException {
        relation(clientId, relationId);
        String id = relationId != null ? relationId : hook(clientId).relationId();
        return id.startsWith("db:") ? "mysql-" + id.substring(3) : "memcached";
    }

    @Override
    public Map<String, String> stateGet(String clientId) throws HookToolException {
        hook(clientId);
        synchronized (charmState) {
            return Map.copyOf(charmState);
        }
    }

    @Override
    public void stateSet(String clientId, Map<String, String> changes) throws HookToolException {
        hook(clientId);
        for (Map.Entry<String, String> e : changes.entrySet()) {
            java.util.Optional<String> problem = jujube.model.CharmStateLimits.problemWith(e.getKey(), e.getValue());
            if (problem.isPresent()) {
                throw new HookToolException(ErrorCode.BAD_REQUEST, problem.get());
            }
        }
        synchronized (charmState) {
            changes.forEach((k, v) -> {
                if (v == null) {
                    charmState.remove(k);
                } else {
                    charmState.put(k, v);
                }
            });
        }
    }

    @Override
    public Map<String, Object> goalState(String clientId) throws HookToolException {
        hook(clientId);
        return Map.of("units", Map.of(LOCAL_UNIT, Map.of("status", "active", "since", "2026-11-29T10:00:00Z")),
                "relations", Map.of("db", Map.of("mysql", Map.of("status", "joined", "since", ""))));
    }

    private void action(String clientId) throws HookToolException {
        hook(clientId);
        if (!clientId.equals("action-3")) {
            throw new HookToolException(ErrorCode.BAD_REQUEST, "not running an action");
        }
    }

    @Override
    public Map<String, Object> actionGet(String clientId) throws HookToolException {
        action(clientId);
        return Map.of("target", "/srv", "compress", true, "retention", Map.of("days", 7));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void actionSet(String clientId, Map<String, Object> results) throws HookToolException {
        action(clientId);
        synchronized (actionResults) {
            actionResults.putAll(results);
        }
    }

    @Override
    public void actionLog(String clientId, String message) throws HookToolException {
        action(clientId);
        actionLog.add(message);
    }

    @Override
    public void actionFail(String clientId, String message) throws HookToolException {
        action(clientId);
        actionFailure = message;
    }
}
