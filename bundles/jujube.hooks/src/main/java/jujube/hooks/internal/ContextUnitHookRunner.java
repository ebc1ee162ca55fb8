package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import jujube.charm.CharmReader;
import jujube.hooks.ExecutedHook;
import jujube.hooks.HookEffects;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookInvoker;
import jujube.hooks.HookModel;
import jujube.hooks.HookOutput;
import jujube.hooks.HookResult;
import jujube.hooks.RelationHookInfo;
import jujube.hooks.UnitHookRunner;
import jujube.hooks.UnitHookSetup;
import jujube.hooks.protocol.HookSocketServer;
import jujube.hooks.protocol.ServerLimits;
import jujube.hooks.tools.HookToolsInstaller;
import jujube.hooks.tools.InstalledTools;
import jujube.hooks.tools.ToolCommandHandler;
import jujube.process.ProcessRecord;
import jujube.process.ProcessRecords;
import jujube.state.EnvironmentConfig;
import jujube.model.NoSuchUnitException;
import jujube.model.StateException;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link UnitHookRunner}: one socket server and one context registry per unit. The order inside
 * {@link #run} matters: the client id is expired and the context sealed as soon as the hook process
 * ends, before the flush, so that nothing a left-over child does can change what gets written.
 */
final class ContextUnitHookRunner implements UnitHookRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ContextUnitHookRunner.class);

    private final UnitHookSetup setup;
    private final HookDebugLog log;
    private final HookContextRegistry registry;
    private final ContextFlush flush;
    private final CharmReader charms = new CharmReader();
    private final InstalledTools tools;
    private final HookSocketServer server;
    /** The hooks that {@code jujube debug-hooks} holds, and the invoker that holds them. */
    private final HookDebugger debugger;
    private final HookInvoker invoker;
    private final ProcessRecord running;
    /**
     * The unit's charm: handed over by the unit agent at its start (its local record), else read at the
     * first hook that found its unit. A removed unit's stop and -broken hooks still run it.
     */
    private volatile String lastCharmId;
    /** The environment's name and UUID, as last delivered (the model of {@code JUJU_MODEL_*}). */
    private volatile HookModel environment = HookModel.UNKNOWN;
    /**
     * The principal a subordinate runs beside, read from the unit's node at the first hook that finds
     * it (it never changes); null until then, empty for a principal.
     */
    private volatile Optional<String> principal;
    /** The environment's proxy variables, as last delivered: hooks get what was set when they start. */
    private volatile Map<String, String> proxies = Map.of();
    private volatile boolean logSettingValues;
    private volatile Watch environmentWatch;

    private ContextUnitHookRunner(UnitHookSetup setup, HookDebugLog log, InstalledTools tools, HookContextRegistry registry,
            HookSocketServer server, ProcessRecord running) {
        this.setup = setup;
        this.running = running;
        this.log = log;
        this.tools = tools;
        this.registry = registry;
        this.server = server;
        this.flush = new ContextFlush(setup.state());
        this.debugger = new HookDebugger(setup.state());
        this.invoker = new DebugHookInvoker(setup.invoker(), debugger, setup.unitDir(), System.getenv("PATH"));
    }

    /** See {@link jujube.hooks.UnitHookRunners#start}; {@code records} keeps the record of its running hook. */
    static ContextUnitHookRunner start(UnitHookSetup setup, ProcessRecords records,
            java.util.function.Consumer<jujube.process.RecordedProcess> waiting) throws IOException {
        return start(setup, records, new Slf4jHookLog(), SocketPaths.standard(), waiting);
    }

    /**
     * Starts the unit's runner, first waiting for a hook that an earlier agent of the unit left running
     * (see {@link ProcessRecord}): no hook of this runner may run beside it.
     *
     * @throws java.io.InterruptedIOException when interrupted while waiting (interrupt flag kept)
     * @throws jujube.files.CorruptFileException when the record of the running hook is invalid
     */
    static ContextUnitHookRunner start(UnitHookSetup setup, ProcessRecords records, HookLog log, SocketPaths sockets)
            throws IOException {
        return start(setup, records, log, sockets, process -> { });
    }

    /** As above, telling {@code waiting} which hook it waits for first, if any. */
    static ContextUnitHookRunner start(UnitHookSetup setup, ProcessRecords records, HookLog log, SocketPaths sockets,
            java.util.function.Consumer<jujube.process.RecordedProcess> waiting) throws IOException {
        Files.createDirectories(setup.unitDir());
        ProcessRecord running = records.open("unit " + setup.unit(), processRecord(setup.unitDir()));
        try {
            running.awaitOrphan(waiting);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("unit " + setup.unit()
                    + ": stopped while waiting for the earlier agent's hook to end");
        }
        InstalledTools tools = new HookToolsInstaller(setup.toolsFallback()).install(setup.unitDir().resolve("bin"));
        HookDebugLog published = new HookDebugLog(log, setup.state().debugLogPublisher(), setup.unit().toString(),
                Clock.systemUTC());
        HookContextRegistry registry = new HookContextRegistry(published);
        Path socket = sockets.forUnit(setup.unitDir());
        HookSocketServer server = HookSocketServer.start(socket, new ToolCommandHandler(registry, setup.mapper()),
                setup.mapper(), ServerLimits.defaults());
        LOG.debug("unit={}: hook socket {}, tools {} ({})", setup.unit(), socket, tools.binDir(), tools.mode());
        ContextUnitHookRunner runner = new ContextUnitHookRunner(setup, published, tools, registry, server, running);
        runner.followEnvironment();
        return runner;
    }

    @Override
    public HookResult run(String hookName, Optional<RelationHookInfo> relation, HookOutput output) {
        ExecutedHook executed = execute(hookName, relation, output);
        if (!executed.result().isSuccess()) {
            return executed.result();
        }
        HookResult applied = apply(hookName, executed.effects());
        return applied.isSuccess() ? executed.result() : applied;
    }

    /**
     * Reads the environment's proxy settings now, so that the very first hook (install, which may fetch
     * packages) has them, and follows their changes: a hook gets what was set when it starts.
     */
    private void followEnvironment() {
        try {
            Map<String, Object> config = setup.state().environmentConfig();
            proxies = ProxySettings.of(config);
            logSettingValues = EnvironmentConfig.logSettingValues(config);
            environment = withEnvironment(config);
            environmentWatch = setup.state().watchEnvironmentConfig(change -> {
                proxies = ProxySettings.of(change.current());
                logSettingValues = EnvironmentConfig.logSettingValues(change.current());
                environment = withEnvironment(change.current());
            });
        } catch (StateException e) {
            LOG.warn("unit={}: cannot read the environment's proxy settings yet: {}", setup.unit(), e.getMessage());
        }
    }

    private static HookModel withEnvironment(Map<String, Object> config) {
        return HookModel.UNKNOWN.withEnvironment(EnvironmentConfig.name(config), EnvironmentConfig.uuid(config));
    }

    /** Where this hook runs: the environment as last delivered, the setup's machine, the unit's principal. */
    private HookModel model() {
        Optional<String> known = principal;
        if (known == null) {
            try {
                known = setup.state().info().container().map(Object::toString);
                principal = known;
            } catch (StateException e) {
                known = Optional.empty(); // a removed unit's retiring hooks: asked again at the next hook
            }
        }
        HookModel env = environment;
        return new HookModel(env.modelName(), env.modelUuid(), setup.machineId(), known);
    }

    @Override
    public void charmChanged(String charmId) {
        lastCharmId = java.util.Objects.requireNonNull(charmId, "charmId");
    }

    @Override
    public HookResult runCommand(String command, Duration timeout, HookOutput output) {
        Path program;
        try {
            program = RunProgram.install(setup.unitDir());
        } catch (IOException e) {
            return new HookResult.Failed("could not start: " + e.getMessage());
        }
        ExecutedHook executed = execute(RunProgram.HOOK_NAME, Optional.empty(), output,
                invocation -> invocation.withProgram(program).withTimeout(timeout)
                        .withExtraEnv(with(invocation.extraEnv(), RunProgram.COMMAND_VARIABLE, command)));
        if (!executed.result().isSuccess()) {
            return executed.result();
        }
        HookResult applied = apply(RunProgram.HOOK_NAME, executed.effects());
        return applied.isSuccess() ? executed.result() : applied;
    }

    @Override
    public jujube.hooks.ActionOutcome runAction(jujube.hooks.ActionCall action, Duration timeout, HookOutput output) {
        Path charmDir = setup.charmDir();
        if (!Files.exists(charmDir.resolve(HookInvocation.DISPATCH))
                && !Files.isRegularFile(charmDir.resolve("actions").resolve(action.name()))) {
            return new jujube.hooks.ActionOutcome(new HookResult.Failed("the charm has neither a dispatch nor actions/"
                    + action.name()), Map.of(), Optional.empty());
        }
        Map<String, String> variables = Map.of("JUJU_ACTION_NAME", action.name(), "JUJU_ACTION_UUID", action.id(),
                "JUJU_ACTION_TAG", "action-" + action.id());
        HookContext[] context = new HookContext[1];
        ExecutedHook executed = execute(action.name(), Optional.empty(), output,
                invocation -> invocation.asAction().withTimeout(timeout).withExtraEnv(withAll(invocation.extraEnv(), variables)),
                action, context);
        if (context[0] == null) {
            return new jujube.hooks.ActionOutcome(executed.result(), Map.of(), Optional.empty());
        }
        jujube.hooks.ActionOutcome outcome = context[0].actionOutcome(executed.result());
        if (!executed.result().isSuccess()) {
            return outcome;
        }
        HookResult applied = apply(action.name(), executed.effects());
        return applied.isSuccess() ? outcome : new jujube.hooks.ActionOutcome(applied, outcome.results(), outcome.failure());
    }

    private static Map<String, String> withAll(Map<String, String> env, Map<String, String> more) {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.putAll(more);
        return all;
    }

    @Override
    public ExecutedHook execute(String hookName, Optional<RelationHookInfo> relation, HookOutput output) {
        return execute(hookName, relation, output, UnaryOperator.identity());
    }

    private ExecutedHook execute(String hookName, Optional<RelationHookInfo> relation, HookOutput output,
            UnaryOperator<HookInvocation> adapt) {
        return execute(hookName, relation, output, adapt, null, new HookContext[1]);
    }

    /** Runs a hook, or the action {@code action} when it is not null; {@code made[0]} is its context once made. */
    private ExecutedHook execute(String hookName, Optional<RelationHookInfo> relation, HookOutput output,
            UnaryOperator<HookInvocation> adapt, jujube.hooks.ActionCall action, HookContext[] made) {
        String charmId = lastCharmId;
        try {
            // Read once: the unit node's charm changes only when this unit's agent upgrades it, and the
            // agent then says so (charmChanged); reading it before every hook cost a topology read and
            // two node reads for the same answer.
            if (charmId == null) {
                charmId = setup.state().info().charmId();
                lastCharmId = charmId;
            }
        } catch (NoSuchUnitException e) {
            // remove-unit deletes the unit's node before its agent retires it: the retiring hooks
            // (stop, -relation-broken) run with the charm the unit last ran, which the unit agent
            // hands over at its start from its local record (charmChanged), also after a restart.
            charmId = lastCharmId;
            if (charmId == null) {
                return failed(new HookResult.Failed("could not read unit " + setup.unit() + ": " + e.getMessage()));
            }
        } catch (StateException e) {
            return failed(new HookResult.Failed("could not read unit " + setup.unit() + ": " + e.getMessage()));
        }
        HookContext context = new HookContext(setup.state(), charms, hookName, charmId, relation, action);
        made[0] = context;
        String clientId = registry.open(context);
        HookResult result;
        String shownName = relation.map(r -> hookName + " (" + r.relationId()
                + (r.remoteUnitOrEmpty().isEmpty() ? "" : ", remote " + r.remoteUnitOrEmpty()) + ")").orElse(hookName);
        log.started(shownName);
        try {
            HookInvocation invocation = HookInvocation.of(setup.unit().toString(), setup.unit().service(), charmId,
                    setup.charmDir(), hookName, server.socketPath(), clientId, tools.binDir()).withExtraEnv(proxies)
                    .withModel(model());
            result = invoker.invoke(adapt.apply(relation.map(invocation::withRelation).orElse(invocation)),
                    recording(hookName, log.tee(hookName, output)));
        } finally {
            running.ended(); // the invoker returns once the hook's process ended (or was killed)
            registry.close(clientId);
        }
        log.ended(shownName, result);
        if (!result.isSuccess()) {
            LOG.debug("unit={} hook={}: {}; its changes are discarded", setup.unit(), hookName, result);
            return failed(result);
        }
        // the context is sealed (its client id expired): nothing can add to its pending writes now
        return new ExecutedHook(result, ContextFlush.effectsOf(context.pending()));
    }

    /** Where a unit's running hook is recorded. */
    static Path processRecord(Path unitDir) {
        return unitDir.resolve("state").resolve("hook-process.json");
    }

    private static Map<String, String> with(Map<String, String> env, String name, String value) {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put(name, value);
        return all;
    }

    /** {@code output}, recording the hook's process as soon as it started. */
    private HookOutput recording(String hookName, HookOutput output) {
        return new HookOutput() {
            @Override
            public void stdout(String line) {
                output.stdout(line);
            }

            @Override
            public void stderr(String line) {
                output.stderr(line);
            }

            @Override
            public void started(long pid, java.time.Duration timeout) {
                running.started(hookName, pid, timeout);
                output.started(pid, timeout);
            }
        };
    }

    private static ExecutedHook failed(HookResult result) {
        return new ExecutedHook(result, HookEffects.none());
    }

    @Override
    public HookResult apply(String hookName, HookEffects effects) {
        try {
            log.flushed(setup.unit().toString(), hookName, flush.apply(effects), logSettingValues);
            return new HookResult.Succeeded();
        } catch (StateException e) {
            // Reported as a failure so the caller runs the hook again rather than losing its writes.
            // the message names the node and what was wrong (a refused size, a lost connection): a trace
            // would add nothing for the operator, and a hook can provoke this at will
            LOG.warn("unit={} hook={}: could not save settings: {}", setup.unit(), hookName, e.getMessage());
            LOG.debug("unit={} hook={}: could not save settings", setup.unit(), hookName, e);
            HookResult.Failed failed = new HookResult.Failed("could not save settings: " + e.getMessage());
            log.ended(hookName, failed);
            return failed;
        }
    }

    @Override
    public String unitName() {
        return setup.unit().toString();
    }

    @Override
    public Path socketPath() {
        return server.socketPath();
    }

    @Override
    public Path toolsDir() {
        return tools.binDir();
    }

    /** Live contexts, for tests: zero whenever no hook runs. */
    int liveContexts() {
        return registry.liveContexts();
    }

    @Override
    public void close() {
        Watch watch = environmentWatch;
        if (watch != null) {
            watch.close();
        }
        debugger.close();
        server.close();
        Path dir = server.socketPath().getParent();
        if (!dir.equals(setup.unitDir())) {
            try {
                Files.deleteIfExists(dir); // the short fallback directory, now empty
            } catch (IOException e) {
                LOG.debug("could not remove socket directory {}", dir, e);
            }
        }
    }
}
