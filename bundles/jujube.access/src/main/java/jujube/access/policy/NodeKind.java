package jujube.access.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.ZooDefs.Perms;

/**
 * Every kind of node an environment holds, by path below its root, and who may do what with it: the
 * access policy as data (docs/access-policy.md). The administrator may do everything with every node and is
 * not listed. A machine agent holds {@code machine-N}, and for each unit it hosts that unit's
 * {@code unit-N}: ZooKeeper sees the machine, but each grant names the unit it is for, so a machine can act
 * only for the units assigned to it. Rights shared by many go to a group ({@link Principals}): the
 * {@code environment}'s, every machine, for what every agent may read; a service's, its units.
 *
 * <p>Kinds are matched in order, the first match wins; a path no kind names is the administrator's alone.
 * A path ending in a sequence prefix ({@code /units/unit-}) is the node being created with that prefix:
 * a grant to the node's own identity is left out then, and added once the node has its id
 * (by the state, as it creates nodes).
 */
public enum NodeKind {
    ROOT("/", (m, f) -> read()),
    BASE("/(?:initialized|topology|charms|services|machines|units|relations|settings|environment)", (m, f) -> read()),
    /** The topology's nodes below its root: read by all, written by the administrator. */
    TOPOLOGY("/topology/.+", (m, f) -> read()),
    LEADERSHIP("/leadership(?:/.*)?", (m, f) -> read()),
    /** The index of operations and tasks, which names each task's unit: the administrator's alone. */
    TASK_INDEX("/tasks(?:/(?:operation|task)-[0-9]*)?", (m, f) -> List.of()),
    CHARM("/charms/[^/]+", (m, f) -> read()),
    // the copy of a charm's archive the state keeps for machines on other hosts, which read it as any charm
    CHARM_ARCHIVE("/charms/[^/]+/archive(?:-[0-9]+)?", (m, f) -> read()),
    SERVICE("/services/service-[0-9]*", (m, f) -> read()),
    SERVICE_EXPOSED("/services/service-[0-9]+/exposed", (m, f) -> read()),
    /** A service's configuration may hold secrets: only machines hosting its units read it. */
    SERVICE_CONFIG("/services/(service-[0-9]+)/config", (m, f) -> List.of(Grant.members(m.group(1), Perms.READ))),
    /**
     * A service's leader election: its units create and delete candidacies in it (a latch names them
     * itself, so no grant can be to the node's own name). Everyone reads it: status shows the leader.
     */
    SERVICE_LEADERSHIP("/services/(service-[0-9]+)/leadership", (m, f) -> List.of(
            Grant.members(Principals.ENVIRONMENT, Perms.READ), Grant.members(m.group(1), Perms.CREATE | Perms.DELETE))),
    SERVICE_CANDIDATE("/services/service-[0-9]+/leadership/[^/]+", (m, f) -> read()),
    /**
     * The leader settings may hold secrets: its service's units alone read them, and write them, which
     * the state does only in one transaction with a check of the writer's leadership.
     */
    LEADER_SETTINGS("/services/(service-[0-9]+)/leader-settings",
            (m, f) -> List.of(Grant.members(m.group(1), Perms.READ | Perms.WRITE))),
    /** A service's application status: set by its leader (checked as for the leader settings), read by its units. */
    APPLICATION_STATUS("/services/(service-[0-9]+)/status",
            (m, f) -> List.of(Grant.members(m.group(1), Perms.READ | Perms.WRITE))),
    MACHINE("/machines/(machine-[0-9]*)", (m, f) -> readAnd(m.group(1), Perms.CREATE | Perms.DELETE)),
    MACHINE_AGENT("/machines/(machine-[0-9]+)/agent", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    MACHINE_LOCK("/machines/machine-[0-9]+/provisioning-lock", (m, f) -> read()),
    /** Left by a machine's agent at its first connection: status tells a down machine from a starting one. */
    MACHINE_STARTED("/machines/machine-[0-9]+/started", (m, f) -> read()),
    /** What the administrator asks a machine's agent to run ({@code upgrade-agents}): no secret. */
    MACHINE_AGENT_TARGET("/machines/machine-[0-9]+/agent-target", (m, f) -> read()),
    /** What a machine's agent says of its bundles: it alone writes it. */
    MACHINE_AGENT_REPORT("/machines/(machine-[0-9]+)/agent-report", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    /** The agents' bundles published for an upgrade, by sha256: every agent reads them, no secret. */
    AGENT_BUNDLES("/agent-bundles(?:/[0-9a-f]{64}(?:\\.[0-9]+)?)?", (m, f) -> read()),
    /** Readable by its one-time principal only, a grant given when it is issued: never reset by the policy. */
    MACHINE_ONE_TIME("/machines/machine-[0-9]+/otp", (m, f) -> List.of()),
    MACHINE_REQUESTS("/machines/(machine-[0-9]+)/requests",
            (m, f) -> grants(m.group(1), Perms.READ | Perms.CREATE | Perms.DELETE)),
    MACHINE_REQUEST("/machines/(machine-[0-9]+)/requests/request-[0-9]*",
            (m, f) -> grants(m.group(1), Perms.READ | Perms.WRITE)),
    UNIT("/units/(unit-[0-9]*)", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE | Perms.CREATE | Perms.DELETE)),
    /** {@code jujube exec} requests: commands and their output, between the administrator and the unit. */
    UNIT_RUNS("/units/(unit-[0-9]+)/runs", (m, f) -> grants(m.group(1), Perms.READ)),
    UNIT_RUN("/units/(unit-[0-9]+)/runs/run-[0-9]*", (m, f) -> grants(m.group(1), Perms.READ | Perms.WRITE)),
    /**
     * A unit's tasks (actions): the administrator queues them, parameters included (they may hold secrets),
     * which the unit alone reads; the unit writes only each task's progress (status, log, results).
     */
    UNIT_TASKS("/units/(unit-[0-9]+)/tasks", (m, f) -> grants(m.group(1), Perms.READ)),
    UNIT_TASK("/units/(unit-[0-9]+)/tasks/task-[0-9]+", (m, f) -> grants(m.group(1), Perms.READ)),
    UNIT_TASK_PROGRESS("/units/(unit-[0-9]+)/tasks/task-[0-9]+/progress",
            (m, f) -> grants(m.group(1), Perms.READ | Perms.WRITE)),
    /** Presence, ports, status history, and the flags the administrator sets and the unit clears. */
    UNIT_CHILD("/units/(unit-[0-9]+)/[^/]+", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    RELATION("/relations/relation-[0-9]*", (m, f) -> read()),
    RELATION_CONTAINER("/relations/relation-[0-9]+/unit-[0-9]+", (m, f) -> read()),
    RELATION_SCOPE("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/scope", (m, f) -> read()),
    /**
     * Entering and leaving a scope: each unit of a service with the role creates and deletes its own
     * membership, named after itself, and no other unit's (a grant to itself only, through its service's
     * group: adding a unit changes no ACL). A container's scope is no different: a unit of another container
     * that enters it is no member there, which readers check against the topology.
     */
    SCOPE_ROLE("/relations/(relation-[0-9]+)(?:/unit-[0-9]+)?/scope/(client|server|peer)", (m, f) -> {
        List<Grant> grants = new ArrayList<>(read());
        f.servicesWithRole(m.group(1), m.group(2)).forEach(service -> grants.add(Grant.self(service, Perms.CREATE | Perms.DELETE)));
        return grants;
    }),
    SCOPE_MEMBER("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/scope/(?:client|server|peer)/(unit-[0-9]+)",
            (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    SETTINGS_DIR("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/settings", (m, f) -> read()),
    /** A unit's settings in a relation: it writes them, the units of the related services read them. */
    SETTINGS("/relations/(relation-[0-9]+)(?:/unit-[0-9]+)?/settings/(unit-[0-9]+)", (m, f) -> {
        List<Grant> grants = new ArrayList<>();
        f.servicesOfRelation(m.group(1)).forEach(service -> grants.add(Grant.members(service, Perms.READ)));
        grants.add(Grant.of(m.group(2), Perms.READ | Perms.WRITE));
        return grants;
    }),
    APP_SETTINGS_DIR("/relations/relation-[0-9]+/app-settings", (m, f) -> read()),
    /**
     * A service's application data bag in a relation: the units of every service of the relation read it;
     * its own service's write it, which the state does only in one transaction with a check of the
     * writer's leadership (as for the leader settings). That a non-leader of a non-peer relation does not
     * read its own service's bag is the hook tools' rule: ZooKeeper cannot tell the leader from its peers.
     */
    APP_SETTINGS("/relations/(relation-[0-9]+)/app-settings/(service-[0-9]+)", (m, f) -> {
        List<Grant> grants = new ArrayList<>();
        f.servicesOfRelation(m.group(1)).forEach(service -> grants.add(Grant.members(service,
                service.equals(m.group(2)) ? Perms.READ | Perms.WRITE : Perms.READ)));
        return grants;
    }),
    /** Scope membership as ephemeral presence nodes, the original juju's layout, read by its migration. */
    LEGACY_PRESENCE("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/(?:client|server|peer)(?:/unit-[0-9]+)?",
            (m, f) -> read()),
    /** The debug log: a directory per writer, which the administrator makes with the machine or unit. */
    LOGS("/logs", (m, f) -> read()),
    /**
     * An empty node that environments bootstrapped while agents published only to a listening
     * {@code debug-log} still hold (its children were those listeners); nothing reads or writes it now.
     */
    LOG_LISTENERS("/logs/listeners(?:/listener-[0-9]*)?", (m, f) -> read()),
    /** One writer's records: it appends them and trims its oldest, and no other writer's. */
    LOG_WRITER("/logs/(machine-[0-9]+|unit-[0-9]+|admin)", (m, f) -> m.group(1).equals(Principals.ADMIN) ? read()
            : readAnd(m.group(1), Perms.CREATE | Perms.DELETE)),
    LOG("/logs/(?:machine-[0-9]+|unit-[0-9]+|admin)/log-[0-9]*", (m, f) -> read()),
    AUTH("/auth", (m, f) -> read()),
    /** Each principal's digest, which ACL entries name: no secret, and any agent may need to grant to it. */
    TOKENS("/auth/tokens(?:/[a-z0-9-]+)?", (m, f) -> read()),
    /** A unit's credentials (its own and its service's): readable by the machine it is assigned to. */
    UNIT_CREDENTIAL("/auth/credentials/(unit-[0-9]+)", (m, f) -> f.machineOfUnit(m.group(1))
            .map(machine -> grants(machine, Perms.READ)).orElse(List.of())),
    /** The groups and their members: the administrator's, who alone changes who may do what. */
    GROUPS("/auth/groups(?:/[a-z0-9-]+){0,2}", (m, f) -> List.of()),
    /** The credentials directory, the machines': the administrator's. */
    CREDENTIAL("/auth/credentials(?:/[a-z0-9-]+)?", (m, f) -> List.of()),
    OTHER(".*", (m, f) -> List.of());

    /** How a grant names who it is for. */
    public enum Match {
        /** One principal, by its digest. */
        PRINCIPAL,
        /** Every member of a group. */
        MEMBERS,
        /** A member of a group, for the node named after itself only (creating or deleting its entry). */
        SELF
    }

    /** A principal or group and what it may do (ZooKeeper's permission bits). */
    public record Grant(String principal, int perms, Match match) {
        public static Grant of(String principal, int perms) {
            return new Grant(principal, perms, Match.PRINCIPAL);
        }

        public static Grant members(String group, int perms) {
            return new Grant(group, perms, Match.MEMBERS);
        }

        public static Grant self(String group, int perms) {
            return new Grant(group, perms, Match.SELF);
        }
    }

    private final Pattern pattern;
    private final BiFunction<Matcher, AccessFacts, List<Grant>> rule;

    NodeKind(String pattern, BiFunction<Matcher, AccessFacts, List<Grant>> rule) {
        this.pattern = Pattern.compile(pattern);
        this.rule = rule;
    }

    /** The kind of the node at {@code path} (below the environment's root). */
    public static NodeKind of(String path) {
        for (NodeKind kind : values()) {
            if (kind.pattern.matcher(path).matches()) {
                return kind;
            }
        }
        return OTHER;
    }

    /** Who besides the administrator may do what with the node at {@code path}. */
    public static List<Grant> grants(String path, AccessFacts facts) {
        NodeKind kind = of(path);
        Matcher m = kind.pattern.matcher(path);
        if (!m.matches()) {
            throw new IllegalStateException(path + " does not match " + kind);
        }
        List<Grant> grants = new ArrayList<>();
        for (Grant g : kind.rule.apply(m, facts)) {
            if (!isPrefix(g.principal())) {
                grants.add(g);
            }
        }
        return grants;
    }

    /** A principal named after a sequence prefix: the node being created has no id yet. */
    private static boolean isPrefix(String principal) {
        return principal.endsWith("-");
    }

    private static List<Grant> read() {
        return List.of(Grant.members(Principals.ENVIRONMENT, Perms.READ));
    }

    private static List<Grant> readAnd(String principal, int perms) {
        return List.of(Grant.members(Principals.ENVIRONMENT, Perms.READ), Grant.of(principal, perms));
    }

    private static List<Grant> grants(String principal, int perms) {
        return List.of(Grant.of(principal, perms));
    }
}
