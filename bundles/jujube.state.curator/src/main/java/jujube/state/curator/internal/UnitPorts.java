package jujube.state.curator.internal;

import jujube.state.store.Fields;
import jujube.state.store.StateContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import jujube.model.Port;

/** A unit's {@code ports} node: {@code open: [{port, proto}]}, changed by compare-and-set. */
final class UnitPorts {
    private final StateContext ctx;

    UnitPorts(StateContext ctx) {
        this.ctx = ctx;
    }

    Set<Port> read(String unitPath) {
        return parse(unitPath + "/ports", ctx.reader().optionalYamlMap(unitPath + "/ports"));
    }

    void change(String unitPath, Port port, boolean open) {
        String path = unitPath + "/ports";
        ctx.nodes().update(path, null, content -> {
            Set<Port> ports = parse(path, content);
            if (open) {
                ports.add(port);
            } else {
                ports.remove(port);
            }
            List<Object> entries = new ArrayList<>();
            ports.forEach(p -> entries.add(CuratorUnits.portEntry(p)));
            content.put("open", entries);
            return null;
        });
    }

    static Set<Port> parse(String path, Map<String, Object> content) {
        Fields f = new Fields(path);
        Set<Port> ports = new TreeSet<>((a, b) -> a.number() != b.number()
                ? Integer.compare(a.number(), b.number()) : a.compareTo(b));
        Object open = content.get("open");
        if (open == null) {
            return ports;
        }
        if (!(open instanceof List<?> list)) {
            throw f.corrupt("'open' is not a list but " + Fields.describe(open));
        }
        for (Object entry : list) {
            Map<String, Object> e = f.map(entry, "open[]");
            try {
                int number = f.integer(e.get("port"), "open[].port");
                // "to" only for a range: what older agents wrote reads the same
                int to = e.containsKey("to") ? f.integer(e.get("to"), "open[].to") : number;
                ports.add(new Port(number, to, f.string(e.get("proto"), "open[].proto")));
            } catch (IllegalArgumentException bad) {
                throw f.corrupt("'open' holds a bad port: " + bad.getMessage());
            }
        }
        return ports;
    }
}
