package jujube.state.curator.internal;

import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.model.StateException;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;
import jujube.state.AgentBundles;
import jujube.state.AgentBundlesReport;
import jujube.state.AgentUpgradeTarget;
import jujube.state.CorruptStateException;
import jujube.state.StateWatcher;
import jujube.state.Watch;
import jujube.state.store.CacheWatch;
import jujube.state.store.Fields;
import jujube.state.store.NodeReader;
import jujube.state.store.Paths;
import jujube.state.store.SerialDelivery;
import jujube.state.store.StateContext;

/**
 * The agents' bundles: jars under {@code /agent-bundles} by sha256 ({@link ChunkedNodes}: listing
 * {@code <sha256>}, chunks {@code <sha256>.N}), and each agent's {@code agent-target} and
 * {@code agent-report} below its machine's node or {@code /controller}; the rollout in {@code /upgrade}.
 */
final class CuratorAgentBundles implements AgentBundles {
    static final String STORE = "/agent-bundles";
    static final String CONTROLLER_PATH = "/controller";
    static final String ROLLOUT = "/upgrade";
    static final String TARGET = "agent-target";
    static final String REPORT = "agent-report";
    private static final Pattern MACHINE = Pattern.compile("machine-([0-9]{1,9})");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final int MAX_ROLLOUT_BYTES = 256 * 1024;
    private final StateContext ctx;

    CuratorAgentBundles(StateContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public long publish(Path jar, AgentBundle bundle) {
        try {
            ctx.client().create().creatingParentsIfNeeded().forPath(STORE);
        } catch (org.apache.zookeeper.KeeperException.NodeExistsException e) {
            // published before
        } catch (Exception e) {
            throw NodeReader.failure(STORE, e);
        }
        long size;
        try {
            size = java.nio.file.Files.size(jar);
        } catch (java.io.IOException e) {
            throw new StateException("cannot read bundle " + bundle + " from " + jar + ": " + e.getMessage(), e);
        }
        if (size != bundle.size()) {
            throw new StateException("bundle " + bundle + ": " + jar + " is " + size + " bytes, not " + bundle.size());
        }
        return nodes(bundle.sha256()).store(ctx, jar, bundle.sha256());
    }

    @Override
    public boolean fetch(String sha256, OutputStream out) {
        return nodes(sha256).fetch(ctx, sha256, out);
    }

    private static ChunkedNodes nodes(String sha256) {
        if (!SHA256.matcher(sha256).matches()) {
            throw new IllegalArgumentException("not a sha256: '" + sha256 + "'");
        }
        return new ChunkedNodes(STORE + "/" + sha256, i -> STORE + "/" + sha256 + "." + i, MAX_BUNDLE_BYTES,
                "agent bundle " + sha256);
    }

    @Override
    public void setTarget(String agent, AgentUpgradeTarget target) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("generation", target.generation());
        content.put("set", encode(target.set()));
        write(base(agent) + "/" + TARGET, content);
    }

    @Override
    public Optional<AgentUpgradeTarget> target(String agent) {
        String path = base(agent) + "/" + TARGET;
        return ctx.reader().presentYamlMap(path).map(node -> target(path, node));
    }

    @Override
    public Watch watchTarget(String agent, StateWatcher<Optional<AgentUpgradeTarget>> watcher) {
        String path = base(agent) + "/" + TARGET;
        return new CacheWatch<>(ctx.caches(), path, true,
                cache -> cache.get(path).map(d -> target(path, ctx.reader().parse(path, d.getData()))),
                new SerialDelivery<>(ctx.watchExecutor(), watcher, Optional.empty()));
    }

    @Override
    public void report(String agent, AgentBundlesReport report) {
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("generation", report.generation());
        content.put("state", report.state());
        if (!report.reason().isEmpty()) {
            content.put("reason", report.reason());
        }
        content.put("at", report.at().toString());
        content.put("running", encode(report.running()));
        write(base(agent) + "/" + REPORT, content);
    }

    @Override
    public Optional<AgentBundlesReport> report(String agent) {
        String path = base(agent) + "/" + REPORT;
        return ctx.reader().presentYamlMap(path).map(node -> {
            Fields f = new Fields(path);
            try {
                return new AgentBundlesReport(f.integer(node.get("generation"), "generation"),
                        set(path, f.map(node.get("running"), "running")), f.string(node.get("state"), "state"),
                        Optional.ofNullable(f.optionalString(node.get("reason"), "reason")).orElse(""),
                        Instant.parse(f.string(node.get("at"), "at")));
            } catch (IllegalArgumentException | DateTimeParseException e) {
                throw new CorruptStateException(path, e.getMessage());
            }
        });
    }

    @Override
    public Optional<Map<String, Object>> rollout() {
        return ctx.reader().presentYamlMap(ROLLOUT).map(Collections::unmodifiableMap);
    }

    @Override
    public void setRollout(Map<String, Object> rollout) {
        byte[] data = ctx.reader().bytes(ROLLOUT, rollout);
        if (data.length > MAX_ROLLOUT_BYTES) {
            throw new StateException("the rollout record is " + data.length + " bytes, over " + MAX_ROLLOUT_BYTES);
        }
        write(ROLLOUT, rollout);
    }

    /** Creates or replaces the node; a controller's parent is made on first use. */
    private void write(String path, Map<String, Object> content) {
        byte[] data = ctx.reader().bytes(path, content);
        try {
            ctx.client().create().orSetData().creatingParentsIfNeeded().forPath(path, data);
        } catch (StateException e) {
            throw e;
        } catch (Exception e) {
            throw NodeReader.failure(path, e);
        }
    }

    /** The node an agent's target and report live below. */
    private static String base(String agent) {
        if (CONTROLLER.equals(agent)) {
            return CONTROLLER_PATH;
        }
        Matcher m = MACHINE.matcher(agent);
        if (!m.matches()) {
            throw new IllegalArgumentException("not an agent: '" + agent + "' (machine-N or " + CONTROLLER + ")");
        }
        return Paths.machine(Integer.parseInt(m.group(1)));
    }

    private static Map<String, Object> encode(AgentBundleSet set) {
        List<Object> bundles = new ArrayList<>();
        for (AgentBundle b : set.bundles()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("name", b.name());
            one.put("version", b.version());
            one.put("sha256", b.sha256());
            one.put("size", b.size());
            bundles.add(one);
        }
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("version", set.version());
        content.put("bundles", bundles);
        return content;
    }

    private static AgentUpgradeTarget target(String path, Map<String, Object> node) {
        Fields f = new Fields(path);
        try {
            return new AgentUpgradeTarget(f.integer(node.get("generation"), "generation"),
                    set(path, f.map(node.get("set"), "set")));
        } catch (IllegalArgumentException e) {
            throw new CorruptStateException(path, e.getMessage());
        }
    }

    private static AgentBundleSet set(String path, Map<String, Object> node) {
        Fields f = new Fields(path);
        List<AgentBundle> bundles = new ArrayList<>();
        for (Object raw : f.list(node.get("bundles"), "bundles")) {
            Map<String, Object> b = f.map(raw, "bundles[]");
            bundles.add(new AgentBundle(f.string(b.get("name"), "name"), f.string(b.get("version"), "version"),
                    f.string(b.get("sha256"), "sha256"), f.integer(b.get("size"), "size")));
        }
        return new AgentBundleSet(f.string(node.get("version"), "version"), bundles);
    }
}
