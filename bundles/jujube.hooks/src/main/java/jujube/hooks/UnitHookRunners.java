package jujube.hooks;

import java.io.IOException;
import java.util.function.Consumer;
import jujube.process.RecordedProcess;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Starts {@link UnitHookRunner}s: a service. A unit agent component calls {@link #start} in its activation
 * and closes the runner in its deactivation; nothing here is shared between runners.
 */
@ProviderType
public interface UnitHookRunners {

    /**
     * Installs the hook tools into {@code <unit dir>/bin} and starts serving the unit's hook socket,
     * {@code <unit dir>/agent.socket}. A unix socket path must stay under 108 bytes: when the unit
     * directory is too deep, the socket goes to {@code /tmp/jujube-<hash of the unit dir>/agent.socket}
     * instead, in a directory only this user may enter (an existing one owned by anybody else, or open
     * to others, is refused).
     *
     * <p>First it waits for a hook an earlier agent of the unit left running, as {@code state/hook-process.json}
     * in the unit directory records it: no hook of this runner runs beside it.
     *
     * @throws jujube.files.CorruptFileException when that record is invalid (and not left by the machine's
     *     previous boot): whether such a hook still runs cannot be told, so no runner starts
     * @throws IOException when the tools cannot be installed or the socket cannot be bound
     */
    UnitHookRunner start(UnitHookSetup setup) throws IOException;

    /**
     * As {@link #start(UnitHookSetup)}, telling {@code waiting} which hook an earlier agent left running
     * before it waits for it, so that the unit agent can say why the unit does nothing meanwhile.
     *
     * @since 3.4
     */
    UnitHookRunner start(UnitHookSetup setup, Consumer<RecordedProcess> waiting) throws IOException;
}
