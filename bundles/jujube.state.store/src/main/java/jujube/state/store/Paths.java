package jujube.state.store;

import java.util.List;
import java.util.regex.Pattern;

/** The environment's node names (docs/architecture.md section 3), in one place. */
public final class Paths {
    public static final String INITIALIZED = "/initialized";
    public static final String TOPOLOGY = "/topology";
    public static final String CHARMS = "/charms";
    public static final String SERVICES = "/services";
    public static final String MACHINES = "/machines";
    public static final String UNITS = "/units";
    public static final String RELATIONS = "/relations";
    public static final String SETTINGS = "/settings";
    public static final String ENVIRONMENT = "/environment";
    public static final String LOGS = "/logs";
    /** Leader elections (the leadership part of the state), one child per name. */
    public static final String LEADERSHIP = "/leadership";
    public static final List<String> BASE = List.of(CHARMS, SERVICES, MACHINES, UNITS, RELATIONS, SETTINGS);

    /** The directory of one writer's debug-log records. */
    public static String logWriterDir(String principal) {
        return LOGS + "/" + principal;
    }
    /** A machine's key in the topology; compiled once, since every unit's status asks for its machine. */
    private static final Pattern MACHINE_KEY = Pattern.compile("machine-[0-9]{10}");

    public static final String UNIT_PREFIX = UNITS + "/unit-";
    static final String SERVICE_PREFIX = SERVICES + "/service-";
    static final String MACHINE_PREFIX = MACHINES + "/machine-";
    static final String RELATION_PREFIX = RELATIONS + "/relation-";

    private Paths() {}

    public static String unit(String unitId) {
        return UNITS + "/" + unitId;
    }

    public static String service(String serviceId) {
        return SERVICES + "/" + serviceId;
    }

    /** A service's leader election: its units' candidacies, ephemeral and sequential. */
    public static String serviceLeadership(String serviceId) {
        return service(serviceId) + "/leadership";
    }

    /** What a service's leader publishes to its units. */
    public static String leaderSettings(String serviceId) {
        return service(serviceId) + "/leader-settings";
    }

    /** A service's application status, which its leader sets. */
    public static String applicationStatus(String serviceId) {
        return service(serviceId) + "/status";
    }

    public static String relation(String relationId) {
        return RELATIONS + "/" + relationId;
    }

    /** Charm ids hold ':' and '/', which a node name cannot: they are URL-quoted. */
    public static String charm(String charmId) {
        return CHARMS + "/" + java.net.URLEncoder.encode(charmId, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The application data bag of service {@code serviceId} in relation {@code relationId}. */
    public static String appSettings(String relationId, String serviceId) {
        return relation(relationId) + "/app-settings/" + serviceId;
    }

    /** The last path segment: a sequence node's id. */
    public static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** {@code machine-0000000003} for machine 3: ZooKeeper's own sequence-node naming. */
    public static String machineKey(int id) {
        return String.format("machine-%010d", id);
    }

    public static String machine(int id) {
        return MACHINES + "/" + machineKey(id);
    }

    public static int machineId(String key) {
        if (!isMachineKey(key)) {
            throw new IllegalArgumentException("not a machine key: " + key);
        }
        return Integer.parseInt(key.substring("machine-".length()));
    }

    public static boolean isMachineKey(String key) {
        return MACHINE_KEY.matcher(key).matches();
    }
}
