package jujube.hooks.protocol;

import java.util.Arrays;
import java.util.Optional;

/**
 * The error codes an answer may carry in {@code error.code}. The wire name is the CamelCase name the
 * original juju used for its AMP errors, so that logs and tests read the same in both systems.
 */
public enum ErrorCode {
    /** The named unit is not part of the relation or does not exist. */
    NO_SUCH_UNIT("NoSuchUnit"),
    /** A key the caller required to exist is absent. */
    NO_SUCH_KEY("NoSuchKey"),
    /** A relation tool was called without {@code -r} outside a relation hook. */
    NOT_RELATION_CONTEXT("NotRelationContext"),
    /** The relation id does not name a relation of this unit. */
    NO_SUCH_RELATION("NoSuchRelation"),
    /** The client id is unknown or its hook has finished. */
    NO_SUCH_CLIENT("NoSuchClient"),
    /** The frame, the JSON, the command or its arguments are malformed. */
    BAD_REQUEST("BadRequest"),
    /** The unit may not do this now: a write only its service's leader may make. */
    NOT_PERMITTED("NotPermitted"),
    /** The agent failed unexpectedly while serving a valid request; the details are in its log. */
    INTERNAL_ERROR("InternalError");

    private final String wireName;

    ErrorCode(String wireName) {
        this.wireName = wireName;
    }

    /** The name written in frames. */
    public String wireName() {
        return wireName;
    }

    /** The code with this wire name, if any. */
    public static Optional<ErrorCode> fromWireName(String name) {
        return Arrays.stream(values()).filter(c -> c.wireName.equals(name)).findFirst();
    }
}
