package jujube.process.spawn;

import java.io.IOException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Starts processes, each the leader of a new session and process group whose id is its pid, so that a
 * process's {@code kill 0} stays inside it and {@link SpawnedProcess#killGroup} reaches everything it
 * started. Registered as a service; a consumer uses the one of highest {@code service.ranking} (or the one
 * its reference's target selects by {@link #KIND}) and changes to the next one when it goes away
 * (processes already running keep the spawner that started them). Implementations are safe for use by
 * many threads at once.
 */
@ProviderType
public interface ProcessSpawner {
    /**
     * Service property naming the way a spawner starts processes ({@value #KIND_JDK}, {@value #KIND_POSIX_SPAWN}):
     * a reference's target can select one, as the hook invoker's {@code spawner.target}
     * {@code (jujube.hooks.spawner=jdk)} does. Its name is the one operators' configurations filter on.
     */
    String KIND = "jujube.hooks.spawner";
    /** {@link #KIND} of the spawner using the JDK's {@code ProcessBuilder} and a session leader program. */
    String KIND_JDK = "jdk";
    /** {@link #KIND} of the spawner calling the C library's {@code posix_spawn}. */
    String KIND_POSIX_SPAWN = "posix_spawn";

    /**
     * Starts {@code request}'s command in its directory, with exactly its environment, stdin from
     * {@code /dev/null}, stdout and stderr opened for writing on its files and none of this JVM's other
     * descriptors.
     *
     * @throws IOException when the process could not be started (the message names the reason)
     * @throws InterruptedException when interrupted while retrying a start; no process is left running
     */
    SpawnedProcess start(SpawnRequest request) throws IOException, InterruptedException;
}
