package jujube.state.curator.internal;

import java.io.OutputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jujube.model.CharmRecord;
import jujube.model.Port;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.model.StatusEntry;
import jujube.model.UnitFlags;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.state.ConnectionState;
import jujube.state.DebugLogPublisher;
import jujube.state.Presence;
import jujube.state.RunRequest;
import jujube.state.RunResult;
import jujube.state.StateConnection;
import jujube.state.StateWatcher;
import jujube.state.UnitHandle;
import jujube.state.UnitRelation;
import jujube.state.Watch;

/**
 * A unit's handle over its connection's parts: each call is the part's call for this unit, so the unit
 * agent and its hooks hold a narrower type, not other state.
 */
record ConnectionUnitHandle(StateConnection state, UnitName name) implements UnitHandle {

    @Override
    public ConnectionState connectionState() {
        return state.connectionState();
    }

    @Override
    public UnitInfo info() {
        return state.units().get(name);
    }

    @Override
    public void setCharm(String charmId) {
        state.units().setCharm(name, charmId);
    }

    @Override
    public void setWorkflowState(String workflowState, String info) {
        state.units().setWorkflowState(name, workflowState, info);
    }

    @Override
    public java.util.Optional<jujube.model.UnitWorkload> workload() {
        return state.units().workload(name);
    }

    @Override
    public boolean setWorkloadStatus(jujube.model.WorkloadStatus status, boolean byCharm) {
        return state.units().setWorkloadStatus(name, status, byCharm);
    }

    @Override
    public void setWorkloadVersion(String version) {
        state.units().setWorkloadVersion(name, version);
    }

    @Override
    public Map<UnitName, jujube.model.UnitStatus> unitsOf(String service) {
        Map<UnitName, jujube.model.UnitStatus> units = new java.util.TreeMap<>();
        for (UnitName unit : state.services().get(service).units()) {
            units.put(unit, new jujube.model.UnitStatus(state.units().get(unit), Set.of(), Map.of(),
                    state.units().workload(unit)));
        }
        return units;
    }

    @Override
    public Map<UnitName, java.util.Optional<jujube.model.UnitWorkload>> serviceWorkloads() {
        Map<UnitName, java.util.Optional<jujube.model.UnitWorkload>> workloads = new java.util.TreeMap<>();
        for (UnitName unit : state.services().get(name.service()).units()) {
            workloads.put(unit, state.units().workload(unit));
        }
        return workloads;
    }

    @Override
    public Map<String, String> charmState() {
        return state.units().charmState(name);
    }

    @Override
    public void mergeCharmState(Map<String, String> changes) {
        state.units().mergeCharmState(name, changes);
    }

    @Override
    public void recordStatus(StatusEntry entry) {
        state.units().recordStatus(name, entry);
    }

    @Override
    public List<StatusEntry> statusHistory() {
        return state.units().statusHistory(name);
    }

    @Override
    public void setRelationWorkflowState(String relationId, String workflowState) {
        state.units().setRelationWorkflowState(name, relationId, workflowState);
    }

    @Override
    public void setRelationWorkflowState(String relationId, String workflowState, String error) {
        state.units().setRelationWorkflowState(name, relationId, workflowState, error);
    }

    @Override
    public Map<String, String> relationWorkflowStates() {
        return state.units().relationWorkflowStates(name);
    }

    @Override
    public Presence connectAgent() {
        return state.units().connectAgent(name);
    }

    @Override
    public Set<Port> ports() {
        return state.units().ports(name);
    }

    @Override
    public void openPort(Port port) {
        state.units().openPort(name, port);
    }

    @Override
    public void closePort(Port port) {
        state.units().closePort(name, port);
    }

    @Override
    public UnitFlags flags() {
        return state.units().flags(name);
    }

    @Override
    public void clearResolved() {
        state.units().clearResolved(name);
    }

    @Override
    public void clearRelationResolved() {
        state.units().clearRelationResolved(name);
    }

    @Override
    public void clearUpgrade() {
        state.units().clearUpgrade(name);
    }

    @Override
    public Watch watchFlags(StateWatcher<UnitFlags> watcher) {
        return state.units().watchFlags(name, watcher);
    }

    @Override
    public Map<UnitName, UnitName> containers(Collection<UnitName> units) {
        return state.units().containers(units);
    }

    @Override
    public Watch watchTasks(StateWatcher<java.util.List<jujube.state.TaskInfo>> watcher) {
        return state.tasks().watch(name, watcher);
    }

    @Override
    public boolean startTask(String id) {
        return state.tasks().start(name, id);
    }

    @Override
    public void logTask(String id, String message) {
        state.tasks().log(name, id, message);
    }

    @Override
    public void finishTask(String id, jujube.state.TaskStatus status, String message, Map<String, Object> results) {
        state.tasks().finish(name, id, status, message, results);
    }

    @Override
    public Watch watchRuns(StateWatcher<Map<String, RunRequest>> watcher) {
        return state.runs().watch(name, watcher);
    }

    @Override
    public boolean claimRun(String id) {
        return state.runs().claim(name, id);
    }

    @Override
    public boolean answerRun(String id, RunResult result) {
        return state.runs().answer(name, id, result);
    }

    @Override
    public ServiceInfo service() {
        return state.services().get(name.service());
    }

    @Override
    public Map<String, Object> serviceConfig() {
        return state.services().config(name.service());
    }

    @Override
    public Watch watchServiceConfig(StateWatcher<Map<String, Object>> watcher) {
        return state.services().watchConfig(name.service(), watcher);
    }

    @Override
    public CharmRecord charm(String charmId) {
        return state.charms().get(charmId);
    }

    @Override
    public boolean fetchCharmArchive(String charmId, OutputStream out) {
        return state.charms().fetchArchive(charmId, out);
    }

    @Override
    public List<RelationInfo> relations() {
        return state.relations().ofService(name.service());
    }

    @Override
    public RelationInfo relation(String relationId) {
        return state.relations().get(relationId);
    }

    @Override
    public boolean relationEverExisted(String relationId) {
        return state.relations().everExisted(relationId);
    }

    @Override
    public UnitRelation relationOf(String relationId) {
        return state.relations().of(relationId, name);
    }

    @Override
    public Watch watchRelations(StateWatcher<Set<String>> watcher) {
        return state.relations().watch(watcher);
    }

    @Override
    public int migrateScopeMembership() {
        return state.relations().migrateScopeMembership();
    }

    @Override
    public Map<String, Object> environmentConfig() {
        return state.environmentConfig().get();
    }

    @Override
    public Watch watchEnvironmentConfig(StateWatcher<Map<String, Object>> watcher) {
        return state.environmentConfig().watch(watcher);
    }

    @Override
    public DebugLogPublisher debugLogPublisher() {
        return state.debugLog().publisher();
    }

    @Override
    public jujube.state.ServiceLeadership leadership() {
        return state.units().leadership(name);
    }
}
