package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;
import jujube.hooks.tools.NetworkInfo;

/**
 * {@code network-get BINDING [-r ID] [--bind-address] [--ingress-address] [--egress-subnets]
 * [--primary-address]}: the unit's network for one of its charm's endpoints, in Go juju's shape
 * ({@code bind-addresses}, {@code egress-subnets}, {@code ingress-addresses}); one flag prints its value
 * alone, several a map of them by name.
 */
final class NetworkGetTool implements HookTool {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public String name() {
        return "network-get";
    }

    @Override
    public String usage() {
        return "network-get BINDING [-r ID] [--bind-address] [--ingress-address] [--egress-subnets] [--primary-address]";
    }

    @Override
    public Set<ToolOption> extraOptions() {
        return Set.of(ToolOption.RELATION_ID, ToolOption.BIND_ADDRESS, ToolOption.INGRESS_ADDRESS,
                ToolOption.EGRESS_SUBNETS, ToolOption.PRIMARY_ADDRESS);
    }

    @Override
    public Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException {
        ParsedArgs args = context.args();
        args.expectPositionals(1, 1);
        NetworkInfo info = context.backend().networkGet(context.clientId(), args.positionals().get(0),
                args.option(ToolOption.RELATION_ID).orElse(null));
        String bound = info.bindAddresses().stream().flatMap(b -> b.addresses().stream()).map(NetworkInfo.Address::value)
                .findFirst().orElse("");
        Map<String, JsonNode> asked = new LinkedHashMap<>();
        if (args.flag(ToolOption.BIND_ADDRESS)) {
            asked.put("bind-address", NODES.textNode(bound));
        }
        if (args.flag(ToolOption.INGRESS_ADDRESS)) {
            asked.put("ingress-address", NODES.textNode(info.ingressAddresses().stream().findFirst().orElse("")));
        }
        if (args.flag(ToolOption.EGRESS_SUBNETS)) {
            asked.put("egress-subnets", strings(info.egressSubnets()));
        }
        if (args.flag(ToolOption.PRIMARY_ADDRESS)) {
            asked.put("primary-address", NODES.textNode(bound)); // Go juju's older name of the bind address
        }
        if (asked.size() == 1) {
            return Optional.of(asked.values().iterator().next());
        }
        if (!asked.isEmpty()) {
            ObjectNode some = NODES.objectNode();
            asked.forEach(some::set);
            return Optional.of(some);
        }
        return Optional.of(whole(info));
    }

    private static ObjectNode whole(NetworkInfo info) {
        ObjectNode root = NODES.objectNode();
        ArrayNode binds = root.putArray("bind-addresses");
        for (NetworkInfo.BindAddress bind : info.bindAddresses()) {
            ObjectNode entry = binds.addObject().put("mac-address", bind.macAddress())
                    .put("interface-name", bind.interfaceName());
            ArrayNode addresses = entry.putArray("addresses");
            bind.addresses().forEach(a -> addresses.addObject().put("hostname", a.hostname()).put("value", a.value())
                    .put("cidr", a.cidr()));
        }
        root.set("egress-subnets", strings(info.egressSubnets()));
        root.set("ingress-addresses", strings(info.ingressAddresses()));
        return root;
    }

    private static ArrayNode strings(java.util.List<String> values) {
        ArrayNode list = NODES.arrayNode();
        values.forEach(list::add);
        return list;
    }
}
