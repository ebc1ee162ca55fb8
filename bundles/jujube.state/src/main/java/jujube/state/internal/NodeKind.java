package jujube.state.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.ZooDefs.Perms;

/**
 * Every kind of node an environment holds, by path below its root, and who may do what with it: the
 * access policy as data (DESIGN.md section 11). The administrator may do everything with every node and is
 * not listed. {@code environment} is the principal every agent holds besides its own: what it may read,
 * every agent may read. A machine agent holds {@code machine-N}, and for each unit it hosts that unit's
 * {@code unit-N} and its service's {@code service-N}: ZooKeeper sees the machine, but each grant names the
 * unit or service it is for, so a machine can act only for the units assigned to it.
 *
 * <p>Kinds are matched in order, the first match wins; a path no kind names is the administrator's alone.
 * A path ending in a sequence prefix ({@code /units/unit-}) is the node being created with that prefix:
 * a grant to the node's own identity is left out then, and added once the node has its id
 * ({@link AccessControl}).
 */
enum NodeKind {
    ROOT("/", (m, f) -> read()),
    BASE("/(?:initialized|topology|charms|services|machines|units|relations|settings|environment)", (m, f) -> read()),
    /** The topology's nodes below its root ({@link TopologyLayout}): read by all, written by the administrator. */
    TOPOLOGY("/topology/.+", (m, f) -> read()),
    LEADERSHIP("/leadership(?:/.*)?", (m, f) -> read()),
    CHARM("/charms/[^/]+", (m, f) -> read()),
    // the copy of a charm's archive the state keeps for machines on other hosts, which read it as any charm
    CHARM_ARCHIVE("/charms/[^/]+/archive(?:-[0-9]+)?", (m, f) -> read()),
    SERVICE("/services/service-[0-9]*", (m, f) -> read()),
    SERVICE_EXPOSED("/services/service-[0-9]+/exposed", (m, f) -> read()),
    /** A service's configuration may hold secrets: only machines hosting its units read it. */
    SERVICE_CONFIG("/services/(service-[0-9]+)/config", (m, f) -> grants(m.group(1), Perms.READ)),
    MACHINE("/machines/(machine-[0-9]*)", (m, f) -> readAnd(m.group(1), Perms.CREATE | Perms.DELETE)),
    MACHINE_AGENT("/machines/(machine-[0-9]+)/agent", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    MACHINE_LOCK("/machines/machine-[0-9]+/provisioning-lock", (m, f) -> read()),
    /** Readable by its one-time principal only, a grant given when it is issued: never reset by the policy. */
    MACHINE_ONE_TIME("/machines/machine-[0-9]+/otp", (m, f) -> List.of()),
    MACHINE_REQUESTS("/machines/(machine-[0-9]+)/requests",
            (m, f) -> grants(m.group(1), Perms.READ | Perms.CREATE | Perms.DELETE)),
    MACHINE_REQUEST("/machines/(machine-[0-9]+)/requests/request-[0-9]*",
            (m, f) -> grants(m.group(1), Perms.READ | Perms.WRITE)),
    UNIT("/units/(unit-[0-9]*)", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE | Perms.CREATE | Perms.DELETE)),
    /** {@code jujube run} requests: commands and their output, between the administrator and the unit. */
    UNIT_RUNS("/units/(unit-[0-9]+)/runs", (m, f) -> grants(m.group(1), Perms.READ)),
    UNIT_RUN("/units/(unit-[0-9]+)/runs/run-[0-9]*", (m, f) -> grants(m.group(1), Perms.READ | Perms.WRITE)),
    /** Presence, ports, status history, and the flags the administrator sets and the unit clears. */
    UNIT_CHILD("/units/(unit-[0-9]+)/[^/]+", (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    RELATION("/relations/relation-[0-9]*", (m, f) -> read()),
    RELATION_CONTAINER("/relations/relation-[0-9]+/unit-[0-9]+", (m, f) -> read()),
    RELATION_SCOPE("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/scope", (m, f) -> read()),
    /**
     * Entering and leaving a scope: its possible members create and delete their membership. In a global
     * scope they are the units of the service with the role, which all hold the service's credential: the
     * grant names the service, so adding a unit changes no ACL (a unit could enter or leave for a sibling of
     * its own service, never for another service's unit). A container's scope names its few units.
     */
    SCOPE_ROLE("/relations/(relation-[0-9]+)(?:/(unit-[0-9]+))?/scope/(client|server|peer)", (m, f) -> {
        List<Grant> grants = new ArrayList<>(read());
        List<String> members = m.group(2) == null ? f.servicesWithRole(m.group(1), m.group(3))
                : f.scopeMembers(m.group(1), m.group(2), m.group(3));
        members.forEach(principal -> grants.add(new Grant(principal, Perms.CREATE | Perms.DELETE)));
        return grants;
    }),
    SCOPE_MEMBER("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/scope/(?:client|server|peer)/(unit-[0-9]+)",
            (m, f) -> readAnd(m.group(1), Perms.READ | Perms.WRITE)),
    SETTINGS_DIR("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/settings", (m, f) -> read()),
    /** A unit's settings in a relation: it writes them, the units of the related services read them. */
    SETTINGS("/relations/(relation-[0-9]+)(?:/unit-[0-9]+)?/settings/(unit-[0-9]+)", (m, f) -> {
        List<Grant> grants = new ArrayList<>();
        f.servicesOfRelation(m.group(1)).forEach(service -> grants.add(new Grant(service, Perms.READ)));
        grants.add(new Grant(m.group(2), Perms.READ | Perms.WRITE));
        return grants;
    }),
    /** Scope membership as the layout before state package 3.0 announced it, read by its migration. */
    LEGACY_PRESENCE("/relations/relation-[0-9]+(?:/unit-[0-9]+)?/(?:client|server|peer)(?:/unit-[0-9]+)?",
            (m, f) -> read()),
    /** The debug log: every agent appends its records and trims the oldest. */
    LOGS("/logs", (m, f) -> grants(Principals.ENVIRONMENT, Perms.READ | Perms.CREATE | Perms.DELETE)),
    LOG("/logs/log-[0-9]*", (m, f) -> read()),
    LOG_LISTENERS("/logs/listeners(?:/listener-[0-9]*)?", (m, f) -> read()),
    AUTH("/auth", (m, f) -> read()),
    /** Each principal's digest, which ACL entries name: no secret, and any agent may need to grant to it. */
    TOKENS("/auth/tokens(?:/[a-z0-9-]+)?", (m, f) -> read()),
    /** A unit's credentials (its own and its service's): readable by the machine it is assigned to. */
    UNIT_CREDENTIAL("/auth/credentials/(unit-[0-9]+)", (m, f) -> f.machineOfUnit(m.group(1))
            .map(machine -> grants(machine, Perms.READ)).orElse(List.of())),
    /** The credentials directory, the machines', the services' and the environment's: the administrator's. */
    CREDENTIAL("/auth/credentials(?:/[a-z0-9-]+)?", (m, f) -> List.of()),
    OTHER(".*", (m, f) -> List.of());

    /** A principal and what it may do (ZooKeeper's permission bits). */
    record Grant(String principal, int perms) {}

    private final Pattern pattern;
    private final BiFunction<Matcher, AccessFacts, List<Grant>> rule;

    NodeKind(String pattern, BiFunction<Matcher, AccessFacts, List<Grant>> rule) {
        this.pattern = Pattern.compile(pattern);
        this.rule = rule;
    }

    /** The kind of the node at {@code path} (below the environment's root). */
    static NodeKind of(String path) {
        for (NodeKind kind : values()) {
            if (kind.pattern.matcher(path).matches()) {
                return kind;
            }
        }
        return OTHER;
    }

    /** Who besides the administrator may do what with the node at {@code path}. */
    static List<Grant> grants(String path, AccessFacts facts) {
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
        return List.of(new Grant(Principals.ENVIRONMENT, Perms.READ));
    }

    private static List<Grant> readAnd(String principal, int perms) {
        return List.of(new Grant(Principals.ENVIRONMENT, Perms.READ), new Grant(principal, perms));
    }

    private static List<Grant> grants(String principal, int perms) {
        return List.of(new Grant(principal, perms));
    }
}
