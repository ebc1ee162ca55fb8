package jujube.state;

import jujube.model.UnitName;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The request channel of {@code jujube exec}: a requester leaves a request below the unit's node, the
 * unit's agent claims it, runs it through its hook executor and answers in the same node, which the
 * requester reads and removes. A request lives exactly as long as its requester's session (an
 * ephemeral node): a requester that dies leaves nothing behind, and an agent that died leaves a request
 * its requester times out on and removes. A claimed request is never run again.
 *
 * @since 2.1
 */
@ProviderType
public interface UnitRuns {
    /** The largest command accepted, in bytes of UTF-8. */
    int MAX_COMMAND_BYTES = 64 * 1024;
    /** How much of each output stream an answer keeps, in bytes of UTF-8. */
    int MAX_OUTPUT_BYTES = 64 * 1024;

    /**
     * Leaves a request for the unit's agent.
     *
     * @return the request's id
     * @throws NoSuchUnitException when the unit does not exist
     * @throws IllegalArgumentException when the command is empty or too long
     */
    String request(UnitName unit, String command, Duration timeout);

    /**
     * Waits for the answer to a request.
     *
     * @return the result, or empty when there was none within {@code timeout} or the request is gone
     */
    Optional<RunResult> await(UnitName unit, String id, Duration timeout) throws InterruptedException;

    /** Removes a request, answered or not; a request already gone is fine. */
    void remove(UnitName unit, String id);

    /** The agent's side: watches the unit's requests, by id, answered ones left out. */
    Watch watch(UnitName unit, StateWatcher<Map<String, RunRequest>> watcher);

    /**
     * The agent's side: marks a request as being run.
     *
     * @return false when it is gone (its requester gave up) or was claimed already
     */
    boolean claim(UnitName unit, String id);

    /**
     * The agent's side: answers a claimed request.
     *
     * @return false when it is gone: its requester gave up
     */
    boolean answer(UnitName unit, String id, RunResult result);
}
