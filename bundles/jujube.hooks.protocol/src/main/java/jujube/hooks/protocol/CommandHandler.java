package jujube.hooks.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Serves the commands of the hook socket. The server calls it from several connection threads at
 * once, so implementations must be thread-safe.
 *
 * <p>Contract: return the {@code result} (any JSON value, never Java {@code null}: use a
 * {@code NullNode}), or throw {@link ProtocolException} with {@link ErrorCode#BAD_REQUEST} for an
 * unknown command or malformed arguments, {@link ErrorCode#NO_SUCH_CLIENT} for an unknown or expired
 * client id, and the other codes as they fit. Any other exception is answered as
 * {@link ErrorCode#INTERNAL_ERROR} and logged; it never breaks the connection.
 */
@ConsumerType
public interface CommandHandler {
    /**
     * @param command  the command name, never null or empty
     * @param clientId the {@code client_id} of the request, or null when absent
     * @param args     the {@code args} object, empty when absent
     */
    JsonNode handle(String command, String clientId, ObjectNode args) throws ProtocolException;
}
