package jujube.hooks.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The names under which the hook tools are put on a hook's {@code PATH}. */
public final class HookToolNames {
    /** The tools Jujube implements, in the order the docs list them. */
    public static final List<String> IMPLEMENTED = List.of("relation-get", "relation-set", "relation-list",
            "relation-ids", "config-get", "unit-get", "open-port", "close-port", "juju-log", "opened-ports",
            "network-get", "is-leader", "leader-get", "leader-set", "status-set", "status-get",
            "application-version-set", "state-get", "state-set", "state-delete", "goal-state", "action-get",
            "action-set", "action-log", "action-fail");

    /**
     * Go juju 3's tools Jujube does not implement, each with what it belongs to: on a hook's {@code PATH}
     * too, so that a charm calling one fails with a line naming it, not with "command not found".
     *
     * @since 3.1
     */
    public static final Map<String, String> NOT_IMPLEMENTED = notImplemented();

    /** Every name on a hook's {@code PATH}: {@link #IMPLEMENTED}, then {@link #NOT_IMPLEMENTED}. */
    public static final List<String> ALL = Stream.concat(IMPLEMENTED.stream(), NOT_IMPLEMENTED.keySet().stream())
            .toList();

    private HookToolNames() {
    }

    private static Map<String, String> notImplemented() {
        Map<String, String> tools = new LinkedHashMap<>();
        put(tools, "secrets", "secret-add", "secret-get", "secret-grant", "secret-ids", "secret-info-get",
                "secret-remove", "secret-revoke", "secret-set");
        put(tools, "storage", "storage-add", "storage-get", "storage-list");
        put(tools, "resources", "resource-get");
        put(tools, "payloads", "payload-register", "payload-status-set", "payload-unregister");
        put(tools, "cloud credentials", "credential-get");
        put(tools, "metrics", "add-metric");
        put(tools, "reboots", "juju-reboot");
        put(tools, "Kubernetes", "pod-spec-get", "pod-spec-set", "k8s-raw-get", "k8s-raw-set", "k8s-spec-get",
                "k8s-spec-set");
        return java.util.Collections.unmodifiableMap(tools);
    }

    private static void put(Map<String, String> tools, String feature, String... names) {
        for (String name : names) {
            tools.put(name, feature);
        }
    }
}
