package jujube.access.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.access.policy.NodeKind.Grant;
import org.apache.zookeeper.ZooDefs.Perms;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The policy's table, row by row: a node's path, the kind it is, and who besides the administrator may
 * do what with it, in an environment where unit 1 is on machine 2 and relation 3 ties service 4 (the
 * server) with service 5.
 */
class NodeKindTest {
    private static final String ENV = Principals.ENVIRONMENT;
    private static final AccessFacts FACTS = new AccessFacts() {
        @Override
        public Optional<String> machineOfUnit(String unitId) {
            return unitId.equals("unit-0000000001") ? Optional.of("machine-0000000002") : Optional.empty();
        }

        @Override
        public List<String> servicesOfRelation(String relationId) {
            return relationId.equals("relation-0000000003") ? List.of("service-0000000004", "service-0000000005") : List.of();
        }

        @Override
        public List<String> servicesWithRole(String relationId, String role) {
            return relationId.equals("relation-0000000003") && role.equals("server") ? List.of("service-0000000004") : List.of();
        }
    };

    private static Grant read() {
        return Grant.members(ENV, Perms.READ);
    }

    static Stream<Arguments> table() {
        int rw = Perms.READ | Perms.WRITE;
        return Stream.of(
                // path, kind, grants
                Arguments.of("/", NodeKind.ROOT, List.of(read())),
                Arguments.of("/topology/units/unit-0000000001", NodeKind.TOPOLOGY, List.of(read())),
                Arguments.of("/services/service-0000000004/config", NodeKind.SERVICE_CONFIG,
                        List.of(Grant.members("service-0000000004", Perms.READ))),
                Arguments.of("/services/service-0000000004/leadership", NodeKind.SERVICE_LEADERSHIP,
                        List.of(read(), Grant.members("service-0000000004", Perms.CREATE | Perms.DELETE))),
                Arguments.of("/services/service-0000000004/leadership/_c_2f6e-latch-0000000007",
                        NodeKind.SERVICE_CANDIDATE, List.of(read())),
                Arguments.of("/services/service-0000000004/leader-settings", NodeKind.LEADER_SETTINGS,
                        List.of(Grant.members("service-0000000004", Perms.READ | Perms.WRITE))),
                Arguments.of("/services/service-0000000004/status", NodeKind.APPLICATION_STATUS,
                        List.of(Grant.members("service-0000000004", Perms.READ | Perms.WRITE))),
                Arguments.of("/machines/machine-0000000002", NodeKind.MACHINE,
                        List.of(read(), Grant.of("machine-0000000002", Perms.CREATE | Perms.DELETE))),
                Arguments.of("/machines/machine-0000000002/otp", NodeKind.MACHINE_ONE_TIME, List.of()),
                Arguments.of("/machines/machine-0000000002/started", NodeKind.MACHINE_STARTED, List.of(read())),
                Arguments.of("/units/unit-0000000001", NodeKind.UNIT,
                        List.of(read(), Grant.of("unit-0000000001", rw | Perms.CREATE | Perms.DELETE))),
                // a node being created with a sequence prefix: no grant to an identity it has not got yet
                Arguments.of("/units/unit-", NodeKind.UNIT, List.of(read())),
                Arguments.of("/units/unit-0000000001/runs", NodeKind.UNIT_RUNS, List.of(Grant.of("unit-0000000001", Perms.READ))),
                Arguments.of("/units/unit-0000000001/ports", NodeKind.UNIT_CHILD, List.of(read(), Grant.of("unit-0000000001", rw))),
                // a task's request only read by its unit, its progress written by it
                Arguments.of("/units/unit-0000000001/tasks", NodeKind.UNIT_TASKS, List.of(Grant.of("unit-0000000001", Perms.READ))),
                Arguments.of("/units/unit-0000000001/tasks/task-0000000007", NodeKind.UNIT_TASK,
                        List.of(Grant.of("unit-0000000001", Perms.READ))),
                Arguments.of("/units/unit-0000000001/tasks/task-0000000007/progress", NodeKind.UNIT_TASK_PROGRESS,
                        List.of(Grant.of("unit-0000000001", rw))),
                Arguments.of("/tasks/task-0000000007", NodeKind.TASK_INDEX, List.of()),
                Arguments.of("/tasks/operation-", NodeKind.TASK_INDEX, List.of()),
                Arguments.of("/relations/relation-0000000003/scope/server", NodeKind.SCOPE_ROLE,
                        List.of(read(), Grant.self("service-0000000004", Perms.CREATE | Perms.DELETE))),
                Arguments.of("/relations/relation-0000000003/scope/client", NodeKind.SCOPE_ROLE, List.of(read())),
                Arguments.of("/relations/relation-0000000003/settings/unit-0000000001", NodeKind.SETTINGS,
                        List.of(Grant.members("service-0000000004", Perms.READ), Grant.members("service-0000000005", Perms.READ),
                                Grant.of("unit-0000000001", rw))),
                Arguments.of("/relations/relation-0000000003/app-settings", NodeKind.APP_SETTINGS_DIR, List.of(read())),
                Arguments.of("/relations/relation-0000000003/app-settings/service-0000000005", NodeKind.APP_SETTINGS,
                        List.of(Grant.members("service-0000000004", Perms.READ),
                                Grant.members("service-0000000005", Perms.READ | Perms.WRITE))),
                Arguments.of("/logs/unit-0000000001", NodeKind.LOG_WRITER,
                        List.of(read(), Grant.of("unit-0000000001", Perms.CREATE | Perms.DELETE))),
                Arguments.of("/logs/admin", NodeKind.LOG_WRITER, List.of(read())),
                Arguments.of("/auth/credentials/unit-0000000001", NodeKind.UNIT_CREDENTIAL,
                        List.of(Grant.of("machine-0000000002", Perms.READ))),
                // a unit on no machine: its credentials are nobody's but the administrator's
                Arguments.of("/auth/credentials/unit-0000000009", NodeKind.UNIT_CREDENTIAL, List.of()),
                Arguments.of("/auth/groups/environment/machine-0000000002", NodeKind.GROUPS, List.of()),
                Arguments.of("/somewhere/else", NodeKind.OTHER, List.of()));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("table")
    void each_path_is_of_its_kind_with_its_grants(String path, NodeKind kind, List<Grant> grants) {
        assertEquals(kind, NodeKind.of(path));
        assertEquals(grants, NodeKind.grants(path, FACTS));
    }
}
