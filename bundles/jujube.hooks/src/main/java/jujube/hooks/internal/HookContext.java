package jujube.hooks.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import jujube.charm.CharmReader;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.protocol.ErrorCode;
import jujube.hooks.tools.HookToolException;
import jujube.model.Port;
import jujube.hooks.tools.UnitAddress;
import jujube.model.NoSuchRelationException;
import jujube.model.RelationSettings;
import jujube.model.SettingsChanges;
import jujube.state.UnitHandle;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.UnitRelation;

/**
 * One hook invocation's view of the environment. Each settings node is read at most once, at the
 * hook's first read of it, and then shows that content for the rest of the hook, plus the hook's own
 * writes for the unit's own nodes; the config and the unit's addresses are read once likewise.
 * Writes ({@code relation-set}, ports) are only recorded; {@link ContextFlush} applies them after a
 * success. After {@link #seal()} every write fails as if the client id were unknown, so that a child
 * the hook left running cannot slip a change in behind the flush. Thread-safe: tools of one hook may
 * run at once.
 */
final class HookContext {
    private record SettingsNode(String stateId, UnitName unit) {
    }

    private final UnitHandle state;
    private final CharmReader charms;
    private final UnitName unit;
    private final String hookName;
    private final String charmId;
    private final ContextRelations relations;
    private final Map<SettingsNode, Map<String, String>> settings = new ConcurrentHashMap<>();
    /** Application bags read, by relation state id and service: each read once per hook, as a unit's. */
    private final Map<String, Map<String, String>> appBags = new ConcurrentHashMap<>();
    private final Map<String, List<String>> currentMembers = new ConcurrentHashMap<>();
    private final PendingChanges pending = new PendingChanges(); // guarded by this
    private boolean sealed; // guarded by this
    private Map<String, Object> config; // guarded by this
    private UnitInfo unitInfo; // guarded by this
    private Map<String, String> charmState; // guarded by this
    /** The action this context runs; null for a hook. */
    private final jujube.hooks.ActionCall action;
    private final Map<String, Object> actionResults = new java.util.LinkedHashMap<>(); // guarded by this
    private String actionFailure; // guarded by this
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    HookContext(UnitHandle state, CharmReader charms, String hookName, String charmId,
            Optional<RelationHookInfo> relation) {
        this(state, charms, hookName, charmId, relation, null);
    }

    HookContext(UnitHandle state, CharmReader charms, String hookName, String charmId,
            Optional<RelationHookInfo> relation, jujube.hooks.ActionCall action) {
        this.action = action;
        this.state = state;
        this.charms = charms;
        this.unit = state.name();
        this.hookName = hookName;
        this.charmId = charmId;
        this.relations = new ContextRelations(state, relation);
    }

    UnitName unit() {
        return unit;
    }

    String hookName() {
        return hookName;
    }

    Map<String, String> relationGet(String relationId, String unitName) throws HookToolException {
        ContextRelation relation = relations.resolve(relationId);
        if (unitName == null) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, "no unit named, and the hook has no remote unit");
        }
        UnitName who;
        try {
            who = UnitName.parse(unitName);
        } catch (IllegalArgumentException e) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, e.getMessage());
        }
        if (who.equals(unit)) {
            Map<String, String> view = new TreeMap<>(read(relation, unit));
            synchronized (this) {
                SettingsChanges.applyTo(view, pending.settingsOf(relation));
            }
            return view;
        }
        if (relation.broken()) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, "relation " + relation.hookId()
                    + " is broken: only the settings of " + unit + " itself can be read");
        }
        if (!unitName.equals(relation.remoteUnit()) && !members(relation).contains(unitName)) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, "unit " + unitName + " is not in relation "
                    + relation.hookId());
        }
        return read(relation, who);
    }

    void relationSet(String relationId, Map<String, String> changes) throws HookToolException {
        ContextRelation relation = relations.resolve(relationId);
        if (relation.broken()) {
            throw new HookToolException(ErrorCode.NO_SUCH_RELATION, "relation " + relation.hookId()
                    + " is broken: its settings can no longer be changed");
        }
        synchronized (this) {
            checkOpen();
            pending.set(relation, changes);
        }
    }

    /**
     * An application's data bag in a relation: by default the remote application's (the unit's own in a
     * peer relation). Any unit reads a related application's; its own application's only in a peer
     * relation or as its leader, as in Go juju.
     */
    Map<String, String> relationGetApp(String relationId, String app) throws HookToolException {
        ContextRelation relation = relations.resolve(relationId);
        jujube.model.RelationInfo info = infoOf(relation);
        String wanted = app != null ? app : remoteApp(info);
        if (info.endpointOf(wanted).isEmpty()) {
            throw new HookToolException(ErrorCode.NO_SUCH_UNIT, "application " + wanted + " is not in relation "
                    + relation.hookId());
        }
        boolean own = wanted.equals(unit.service());
        if (own && !isPeer(info) && !state.leadership().isLeader()) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, "permission denied");
        }
        Map<String, String> bag = appBags.computeIfAbsent(relation.stateId() + "#" + wanted,
                k -> text(state.relationOf(relation.stateId()).appSettings(wanted).values()));
        if (!own) {
            return bag;
        }
        Map<String, String> view = new TreeMap<>(bag);
        synchronized (this) {
            SettingsChanges.applyTo(view, pending.appSettingsOf(relation));
        }
        return view;
    }

    /** Buffers writes to the unit's own application's bag, which only its leader may make. */
    void relationSetApp(String relationId, Map<String, String> changes) throws HookToolException {
        ContextRelation relation = relations.resolve(relationId);
        if (relation.broken()) {
            throw new HookToolException(ErrorCode.NO_SUCH_RELATION, "relation " + relation.hookId()
                    + " is broken: its settings can no longer be changed");
        }
        if (!state.leadership().isLeader()) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, "cannot write relation settings");
        }
        synchronized (this) {
            checkOpen();
            pending.setApp(relation, changes);
        }
    }

    /** The remote application's name: the unit's own in a peer relation. */
    String relationListApp(String relationId) throws HookToolException {
        return remoteApp(infoOf(relations.resolve(relationId)));
    }

    private jujube.model.RelationInfo infoOf(ContextRelation relation) throws HookToolException {
        try {
            return state.relation(relation.stateId());
        } catch (NoSuchRelationException gone) {
            throw new HookToolException(ErrorCode.NO_SUCH_RELATION, "relation " + relation.hookId() + " is gone");
        }
    }

    private String remoteApp(jujube.model.RelationInfo info) {
        return info.endpoints().stream().map(jujube.model.RelationEndpoint::serviceName)
                .filter(service -> !service.equals(unit.service())).findFirst().orElse(unit.service());
    }

    private static boolean isPeer(jujube.model.RelationInfo info) {
        return info.endpoints().stream().allMatch(e -> e.role() == jujube.model.RelationRole.PEER);
    }

    private static Map<String, String> text(Map<String, Object> values) {
        Map<String, String> text = new TreeMap<>();
        values.forEach((key, value) -> {
            if (value != null) {
                text.put(key, String.valueOf(value));
            }
        });
        return Map.copyOf(text);
    }

    List<String> relationList(String relationId) throws HookToolException {
        return members(relations.resolve(relationId));
    }

    List<String> relationIds(String relationName) throws HookToolException {
        return relations.idsNamed(relationName);
    }

    /** The options with a value or a default. */
    synchronized Map<String, Object> configGet() {
        Map<String, Object> valued = new java.util.TreeMap<>(configGetAll());
        valued.values().removeIf(java.util.Objects::isNull);
        return valued;
    }

    /** Every option, those without value nor default as null. */
    synchronized Map<String, Object> configGetAll() {
        if (config == null) {
            config = ConfigView.read(state, charms, charmId);
        }
        return config;
    }

    String unitGet(UnitAddress address) throws HookToolException {
        UnitInfo info = unitInfo();
        String value = address == UnitAddress.PRIVATE_ADDRESS ? info.privateAddress() : info.publicAddress();
        if (value == null || value.isEmpty()) {
            throw new HookToolException(ErrorCode.NO_SUCH_KEY, "unit " + unit + " has no " + address.toolName() + " yet");
        }
        return value;
    }

    /** The unit's open ports with this hook's own opens and closes, by protocol then number. */
    List<Port> openedPorts() {
        java.util.Set<Port> open = new java.util.HashSet<>(state.ports());
        synchronized (this) {
            pending.ports().forEach((port, opened) -> {
                if (opened) {
                    open.add(port);
                } else {
                    open.remove(port);
                }
            });
        }
        return open.stream().sorted().toList();
    }

    /**
     * The unit's network for one of its charm's endpoints: the machine's interface that holds the
     * unit's private address. With a relation, the binding must be that relation's endpoint.
     */
    jujube.hooks.tools.NetworkInfo networkGet(String binding, String relationId) throws HookToolException {
        if (relationId != null) {
            relations.resolve(relationId); // a relation of the unit's, or the tool's error
        }
        jujube.charm.CharmMetadata metadata = charms.parseMetadata(charmId, state.charm(charmId).metadata());
        if (metadata.endpoint(binding).isEmpty()) {
            throw new HookToolException(ErrorCode.NO_SUCH_KEY, "no network config found for binding \"" + binding + "\"");
        }
        UnitInfo info = unitInfo();
        if (info.privateAddress() == null || info.privateAddress().isEmpty()) {
            throw new HookToolException(ErrorCode.NO_SUCH_KEY, "unit " + unit + " has no address yet");
        }
        return UnitNetwork.of(info.privateAddress());
    }

    /**
     * Go juju's goal state: the units of the unit's application, and per relation (by its name in the
     * charm) the remote application ({@code joined}) and its units (the unit's own peers in a peer
     * relation), each unit {@code active} once started, {@code waiting} before, {@code error} in an error
     * state; {@code since} is when its workload status was set, empty before.
     */
    Map<String, Object> goalState() {
        Map<String, Object> goal = new java.util.LinkedHashMap<>();
        goal.put("units", unitGoals(state.unitsOf(unit.service()), null));
        Map<String, Object> relationGoals = new TreeMap<>();
        for (jujube.model.RelationInfo info : state.relations()) {
            String name = info.endpointOf(unit.service()).map(jujube.model.RelationEndpoint::relationName).orElse(null);
            if (name == null) {
                continue;
            }
            String remote = remoteApp(info);
            @SuppressWarnings("unchecked")
            Map<String, Object> entries = (Map<String, Object>) relationGoals.computeIfAbsent(name, k -> new TreeMap<>());
            entries.put(remote, Map.of("status", "joined", "since", ""));
            entries.putAll(unitGoals(state.unitsOf(remote), remote.equals(unit.service()) ? unit : null));
        }
        goal.put("relations", relationGoals);
        return goal;
    }

    private static Map<String, Object> unitGoals(Map<UnitName, jujube.model.UnitStatus> units, UnitName except) {
        Map<String, Object> goals = new TreeMap<>();
        units.forEach((name, status) -> {
            if (name.equals(except)) {
                return;
            }
            String workflow = status.info().workflowState();
            String goal = workflow != null && workflow.endsWith("_error") ? "error"
                    : "started".equals(workflow) ? "active" : "waiting";
            Map<String, Object> entry = new java.util.LinkedHashMap<>();
            entry.put("status", goal);
            entry.put("since", status.workload().map(w -> w.status().since().toString()).orElse(""));
            goals.put(name.toString(), entry);
        });
        return goals;
    }

    /** Asked of ZooKeeper at each call: a lead lost since the last one shows at once. */
    boolean isLeader() {
        return state.leadership().isLeader();
    }

    Map<String, String> leaderGet() {
        return state.leadership().settings();
    }

    /**
     * Written at once, not when the hook ends, as Go juju writes them: they are guarded by the lead at the
     * instant of the write, which a deferred write could no longer be sure of.
     */
    void leaderSet(Map<String, String> changes) throws HookToolException {
        synchronized (this) {
            checkOpen();
        }
        state.leadership().mergeSettings(changes);
    }

    /**
     * Sets the unit's or (the leader only) its application's workload status at once, as Go juju does, and
     * records a unit's in its status history, with the hook that set it.
     */
    void statusSet(boolean application, String status, String message) throws HookToolException {
        synchronized (this) {
            checkOpen();
        }
        jujube.model.WorkloadStatus set = new jujube.model.WorkloadStatus(status, message, java.time.Instant.now());
        if (application) {
            state.leadership().setApplicationStatus(set);
            return;
        }
        if (state.setWorkloadStatus(set, true)) {
            // the history records changes, as Go juju's does: ops sets the status at every event
            state.recordStatus(new jujube.model.StatusEntry(set.since(), "workload:" + status, hookName, message));
        }
    }

    jujube.hooks.tools.StatusInfo unitStatus() {
        return state.workload().map(w -> new jujube.hooks.tools.StatusInfo(w.status().current(), w.status().message()))
                .orElse(new jujube.hooks.tools.StatusInfo(jujube.model.WorkloadStatus.UNKNOWN, ""));
    }

    /** The application's status and its units': the leader's to read, as in Go juju. */
    jujube.hooks.tools.StatusInfo.OfApplication applicationStatus() throws HookToolException {
        if (!state.leadership().isLeader()) {
            throw new HookToolException(ErrorCode.NOT_PERMITTED, unit + " is not the leader");
        }
        jujube.hooks.tools.StatusInfo application = state.leadership().applicationStatus()
                .map(s -> new jujube.hooks.tools.StatusInfo(s.current(), s.message()))
                .orElse(new jujube.hooks.tools.StatusInfo(jujube.model.WorkloadStatus.UNKNOWN, ""));
        Map<String, jujube.hooks.tools.StatusInfo> units = new TreeMap<>();
        state.serviceWorkloads().forEach((name, workload) -> units.put(name.toString(), workload
                .map(w -> new jujube.hooks.tools.StatusInfo(w.status().current(), w.status().message()))
                .orElse(new jujube.hooks.tools.StatusInfo(jujube.model.WorkloadStatus.UNKNOWN, ""))));
        return new jujube.hooks.tools.StatusInfo.OfApplication(application, units);
    }

    void applicationVersionSet(String version) throws HookToolException {
        synchronized (this) {
            checkOpen();
        }
        state.setWorkloadVersion(version);
    }

    /** The unit's charm state, read once per hook, with this hook's own changes. */
    synchronized Map<String, String> stateGet() {
        return stateGetLocked();
    }

    /** Buffers charm state changes (a null value deletes), checked against the limits of one entry. */
    void stateSet(Map<String, String> changes) throws HookToolException {
        for (Map.Entry<String, String> e : changes.entrySet()) {
            java.util.Optional<String> problem = jujube.model.CharmStateLimits.problemWith(e.getKey(), e.getValue());
            if (problem.isPresent()) {
                throw new HookToolException(ErrorCode.BAD_REQUEST, problem.get());
            }
        }
        synchronized (this) {
            checkOpen();
            Map<String, String> next = new TreeMap<>(stateGetLocked());
            SettingsChanges.applyTo(next, changes);
            if (jujube.model.CharmStateLimits.size(next) > jujube.model.CharmStateLimits.MAX_TOTAL_BYTES) {
                throw new HookToolException(ErrorCode.BAD_REQUEST, "the charm state of " + unit
                        + " would be over the limit of " + jujube.model.CharmStateLimits.MAX_TOTAL_BYTES + " bytes");
            }
            pending.setCharmState(changes);
        }
    }

    private Map<String, String> stateGetLocked() {
        if (charmState == null) {
            charmState = state.charmState();
        }
        Map<String, String> view = new TreeMap<>(charmState);
        SettingsChanges.applyTo(view, pending.charmState());
        return view;
    }

    synchronized void port(Port port, boolean open) throws HookToolException {
        checkOpen();
        pending.port(port, open);
    }

    /** The unit's node, read at the hook's first question about it. */
    private synchronized UnitInfo unitInfo() {
        if (unitInfo == null) {
            unitInfo = state.info();
        }
        return unitInfo;
    }

    /** Refuses every later write; called when the hook process has ended. */
    synchronized void seal() {
        sealed = true;
    }

    /** The writes to apply; only meaningful once sealed. */
    synchronized PendingChanges pending() {
        return pending;
    }

    // ---- actions

    private jujube.hooks.ActionCall action() throws HookToolException {
        if (action == null) {
            throw new HookToolException(ErrorCode.BAD_REQUEST, "not running an action");
        }
        return action;
    }

    Map<String, Object> actionGet() throws HookToolException {
        return action().params();
    }

    /** Merges into the results, nested maps into nested maps; refused past the size a task keeps. */
    void actionSet(Map<String, Object> results) throws HookToolException {
        action();
        synchronized (this) {
            checkOpen();
            Map<String, Object> merged = deepCopy(actionResults);
            merge(merged, results);
            int size;
            try {
                size = JSON.writeValueAsBytes(merged).length;
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new HookToolException(ErrorCode.BAD_REQUEST, "results cannot be written: " + e.getOriginalMessage());
            }
            if (size > jujube.state.Tasks.MAX_RESULTS_BYTES) {
                throw new HookToolException(ErrorCode.BAD_REQUEST, "results of " + size + " bytes are over the limit of "
                        + jujube.state.Tasks.MAX_RESULTS_BYTES);
            }
            actionResults.clear();
            actionResults.putAll(merged);
        }
    }

    @SuppressWarnings("unchecked")
    private static void merge(Map<String, Object> into, Map<String, Object> from) {
        from.forEach((key, value) -> {
            if (value instanceof Map<?, ?> m && into.get(key) instanceof Map<?, ?> existing) {
                Map<String, Object> nested = new java.util.LinkedHashMap<>((Map<String, Object>) existing);
                merge(nested, (Map<String, Object>) m);
                into.put(key, nested);
            } else {
                into.put(key, value instanceof Map<?, ?> m ? deepCopy((Map<String, Object>) m) : value);
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> deepCopy(Map<String, Object> map) {
        Map<String, Object> copy = new java.util.LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(k, v instanceof Map<?, ?> m ? deepCopy((Map<String, Object>) m) : v));
        return copy;
    }

    void actionLog(String message) throws HookToolException {
        jujube.hooks.ActionCall running = action();
        synchronized (this) {
            checkOpen();
        }
        if (message.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > jujube.state.Tasks.MAX_LOG_MESSAGE_BYTES) {
            throw new HookToolException(ErrorCode.BAD_REQUEST, "a message of more than "
                    + jujube.state.Tasks.MAX_LOG_MESSAGE_BYTES + " bytes");
        }
        running.log().accept(message);
    }

    void actionFail(String message) throws HookToolException {
        action();
        synchronized (this) {
            checkOpen();
            actionFailure = message;
        }
    }

    /** What the action set, and its action-fail message if any: read once the context is sealed. */
    synchronized jujube.hooks.ActionOutcome actionOutcome(jujube.hooks.HookResult result) {
        return new jujube.hooks.ActionOutcome(result, deepCopy(actionResults), Optional.ofNullable(actionFailure));
    }

    private void checkOpen() throws HookToolException {
        if (sealed) {
            throw new HookToolException(ErrorCode.NO_SUCH_CLIENT, "the hook " + hookName + " of " + unit + " has ended");
        }
    }

    private List<String> members(ContextRelation relation) {
        if (relation.own()) {
            return relation.members();
        }
        // Another relation: its members now, fixed at the first question like a settings node.
        return currentMembers.computeIfAbsent(relation.stateId(), id ->
                state.relationOf(id).relatedUnits().stream().map(UnitName::toString).toList());
    }

    private Map<String, String> read(ContextRelation relation, UnitName who) {
        return settings.computeIfAbsent(new SettingsNode(relation.stateId(), who), node -> {
            try {
                UnitRelation view = state.relationOf(node.stateId());
                RelationSettings found = who.equals(unit) ? view.settings() : view.settingsOf(who);
                Map<String, String> text = new TreeMap<>();
                found.values().forEach((key, value) -> {
                    if (value != null) {
                        text.put(key, String.valueOf(value));
                    }
                });
                return Map.copyOf(text);
            } catch (NoSuchRelationException gone) {
                if (relation.broken()) {
                    return Map.of(); // the relation's nodes went with it: nothing left to show
                }
                throw gone;
            }
        });
    }
}
