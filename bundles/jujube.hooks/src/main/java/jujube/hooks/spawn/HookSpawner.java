package jujube.hooks.spawn;

import java.io.IOException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Starts hook processes, each the leader of a new session and process group whose id is its pid, so that
 * a hook's {@code kill 0} stays inside the hook and {@link HookProcess#killGroup} reaches everything the
 * hook started. Registered as a service; the hook invoker uses the one of highest
 * {@code service.ranking}, and changes to the next one when it goes away (hooks already running keep the
 * spawner that started them). Implementations are safe for use by many threads at once.
 */
@ProviderType
public interface HookSpawner {
    /**
     * Service property naming the way a spawner starts processes ({@value #KIND_JDK}, {@value #KIND_POSIX_SPAWN}):
     * the invoker's {@code spawner.target} can select one, e.g. {@code (jujube.hooks.spawner=jdk)}.
     */
    String KIND = "jujube.hooks.spawner";
    /** {@link #KIND} of the spawner using the JDK's {@code ProcessBuilder} and a session leader program. */
    String KIND_JDK = "jdk";
    /** {@link #KIND} of the spawner calling the C library's {@code posix_spawn}. */
    String KIND_POSIX_SPAWN = "posix_spawn";

    /**
     * Starts {@code request}'s command in its directory, with exactly its environment, stdin from
     * {@code /dev/null}, stdout and stderr opened for writing on its files and none of the agent's other
     * descriptors.
     *
     * @throws IOException when the process could not be started (the message names the reason)
     * @throws InterruptedException when interrupted while retrying a start; no process is left running
     */
    HookProcess start(SpawnRequest request) throws IOException, InterruptedException;
}
