package jujube.charm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * What Jujube makes of each top-level key of a charm's description ({@code metadata.yaml}, or
 * {@code charmcraft.yaml} holding the metadata since charmcraft 2.5): the keys it implements, words about
 * the charm that change nothing of how it runs, keys of features it does not implement (accepted, and
 * named once in a warning, so that a charm of today deploys with what Jujube can do), and keys without
 * which a charm cannot work here (refused).
 */
public final class MetadataKeys {
    /** Keys Jujube reads and acts on. */
    static final Set<String> IMPLEMENTED = Set.of(
            "name", "summary", "description", "subordinate", "provides", "requires", "peers", "revision", "actions");
    /** Keys charmcraft reads to build and publish a charm, and words for people: nothing to run. */
    static final Set<String> SILENT = Set.of(
            "type", "title", "display-name", "maintainer", "maintainers", "docs", "issues", "source", "website",
            "links", "tags", "categories", "format", "charmhub", "analysis", "charm-libs", "config");
    /** Keys of what Go juju does and Jujube does not; the charm runs without it. */
    static final Set<String> NOT_IMPLEMENTED = Set.of(
            "assumes", "bases", "base", "build-base", "platforms", "series", "resources", "storage", "parts",
            "extra-bindings", "devices", "payloads", "terms", "min-juju-version", "charm-user");

    private MetadataKeys() {
    }

    /**
     * Refuses a charm that needs Kubernetes: its workload runs in the containers it declares, which
     * Jujube's machines do not have.
     *
     * @throws jujube.charm.InvalidCharmException naming the key
     */
    static void refuseKubernetes(YamlFields yaml, ObjectNode root) {
        if (root.has("containers")) {
            throw yaml.problem("containers", "declares workload containers: a Kubernetes charm, which Jujube's"
                    + " machines cannot run");
        }
        JsonNode assumes = root.get("assumes");
        if (assumes != null && assumes.toString().contains("\"k8s-api\"")) {
            throw yaml.problem("assumes", "requires k8s-api: a Kubernetes charm, which Jujube's machines cannot run");
        }
    }

    /** The keys of {@code root} Jujube accepts without acting on them, in file order: not implemented, or unknown. */
    static List<String> ignored(ObjectNode root) {
        List<String> ignored = new ArrayList<>();
        for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!IMPLEMENTED.contains(key) && !SILENT.contains(key)) {
                ignored.add(NOT_IMPLEMENTED.contains(key) ? key : key + " (unknown)");
            }
        }
        return ignored;
    }
}
