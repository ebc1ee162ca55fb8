package jujube.hooks;

import java.nio.file.Path;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs one unit's hooks end to end: a fresh hook context per invocation (its own unguessable client
 * id, a cached view of every settings node it reads, buffered writes), the hook process through a
 * {@link HookInvoker}, the hook tools served over the unit's socket, and the buffered writes applied
 * only after a success.
 *
 * <p>Contract of {@link #run}:
 * <ul>
 *   <li>The client id is valid from just before the hook starts until it ends; later tool calls with
 *       it (a child the hook left running) fail: the tool exits 1, {@code unknown or expired client id}.</li>
 *   <li>On success ({@link HookResult#isSuccess()}) the hook's {@code relation-set}s are merged onto
 *       each settings node's current content (keys the hook did not set keep whatever another writer
 *       put there meanwhile) and its port changes applied; every real change is logged
 *       ({@code Setting changed: 'k'='v' (was 'old')}, {@code … (was unset)},
 *       {@code Setting deleted: 'k' (was 'v')}), nothing when nothing changed; the values of keys
 *       named like secrets ({@code password}, {@code secret}, {@code token}, {@code api-key}, ...) show
 *       as {@code <not logged>}.</li>
 *   <li>On failure nothing the hook wrote reaches ZooKeeper.</li>
 *   <li>When the writes cannot be saved (ZooKeeper unreachable) the result is a
 *       {@link HookResult.Failed} {@code could not save settings: …}, so the caller treats the hook
 *       as failed and runs it again; writes may then have been applied in part (relation by
 *       relation), which running the hook again repairs because merges are idempotent.</li>
 *   <li>A relation hook whose {@link RelationHookInfo#isBroken()} holds runs in a broken context: no
 *       members, no remote unit, only the unit's own settings readable, {@code relation-set} on it
 *       refused.</li>
 * </ul>
 * Hooks of one unit are meant to run one at a time (the {@link HookExecutor} does that); concurrent
 * calls are nevertheless safe. {@link #close()} stops the socket server; the runner cannot be used
 * afterwards.
 */
@ProviderType
public interface UnitHookRunner extends AutoCloseable {

    /** Runs a hook, logging its output through {@link HookOutput#logging}. */
    default HookResult run(String hookName, Optional<RelationHookInfo> relation) {
        return run(hookName, relation, HookOutput.logging(unitName(), hookName));
    }

    /**
     * Runs a hook, passing its output lines to {@code output}.
     *
     * @param relation the relation of a relation hook (its id as {@code name:N}, see
     *                 {@link RelationIds}); empty for any other hook
     */
    HookResult run(String hookName, Optional<RelationHookInfo> relation, HookOutput output);

    /**
     * Runs a hook like {@link #run} but applies nothing: on success its buffered {@code relation-set}s and
     * port changes are returned as {@link HookEffects}, for the caller to persist and then
     * {@link #apply}. {@code run} is {@code execute} followed by {@code apply}.
     *
     * @since 1.2
     */
    ExecutedHook execute(String hookName, Optional<RelationHookInfo> relation, HookOutput output);

    /** {@link #execute(String, Optional, HookOutput)} logging the output through {@link HookOutput#logging}. */
    default ExecutedHook execute(String hookName, Optional<RelationHookInfo> relation) {
        return execute(hookName, relation, HookOutput.logging(unitName(), hookName));
    }

    /**
     * Applies a hook's effects, idempotently (applying them again changes nothing): settings merged onto
     * each node's current content, ports opened or closed; real changes are logged as after {@link #run}.
     * A relation or unit removed meanwhile is skipped.
     *
     * @param hookName the hook the effects came from, for the log
     * @return {@link HookResult.Succeeded}, or {@link HookResult.Failed} {@code could not save settings: …}
     *     when ZooKeeper could not be written (possibly in part: apply again)
     * @since 1.2
     */
    HookResult apply(String hookName, HookEffects effects);

    /**
     * Runs a shell command ({@code /bin/sh -c}) as the pseudo-hook {@code juju-run}: in the charm
     * directory, with a hook context of its own (the hook tools work, {@code JUJU_*} variables as for any
     * non-relation hook; {@code relation-ids} lists the unit's relations), its output passed to
     * {@code output}, killed with its process group after {@code timeout}. Its writes are applied on
     * success, as {@link #run}'s. Callers serialize it with the unit's hooks (its {@link HookExecutor}).
     *
     * @since 1.4
     */
    HookResult runCommand(String command, java.time.Duration timeout, HookOutput output);

    /**
     * Runs an action of the charm: {@code actions/<name>}, or the charm's dispatch with
     * {@code JUJU_DISPATCH_PATH=actions/<name>}, in a hook context of its own (every tool that works outside a
     * relation, and {@code action-get}, {@code action-set}, {@code action-log}, {@code action-fail};
     * {@code JUJU_ACTION_NAME}, {@code JUJU_ACTION_UUID}, {@code JUJU_ACTION_TAG}), killed with its process
     * group after {@code timeout}. Its other writes (ports, charm state, ...) are applied when it succeeds,
     * as a hook's. Callers serialize it with the unit's hooks (its {@link HookExecutor}).
     *
     * @since 3.3
     */
    ActionOutcome runAction(ActionCall action, java.time.Duration timeout, HookOutput output);

    /**
     * Tells the runner that the unit runs {@code charmId} from now on (its agent upgraded the charm):
     * later hooks are told it ({@code JUJU_CHARM}) and read their config schema from it.
     *
     * @since 1.3
     */
    void charmChanged(String charmId);

    /** The unit, {@code wordpress/0}. */
    String unitName();

    /** The socket the hook tools talk to ({@code JUJU_AGENT_SOCKET}). */
    Path socketPath();

    /** The directory holding the hook tools, first on every hook's {@code PATH}. */
    Path toolsDir();

    /** Stops serving the socket and removes it. */
    @Override
    void close();
}
