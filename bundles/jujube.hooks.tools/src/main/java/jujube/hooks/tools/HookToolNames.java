package jujube.hooks.tools;

import java.util.List;

/** The names under which the hook tools are put on a hook's {@code PATH}. */
public final class HookToolNames {
    /** Every hook tool, in the order the docs list them. */
    public static final List<String> ALL = List.of("relation-get", "relation-set", "relation-list",
            "relation-ids", "config-get", "unit-get", "open-port", "close-port", "juju-log");

    private HookToolNames() {
    }
}
