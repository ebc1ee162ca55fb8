package jujube.hooks.tools.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import jujube.hooks.tools.HookToolBackend;

/**
 * Everything a tool run sees: its parsed arguments, the hook's client id, the environment the
 * forwarder passed on, the working directory, stdin when it was sent, and the backend.
 *
 * @param stdin    the tool's standard input, or null when the client has not sent it
 * @param warnings lines for stderr of a run that succeeds; filled by {@link #warn}
 */
record ToolContext(ParsedArgs args, String clientId, Map<String, String> env, Path cwd, byte[] stdin,
        HookToolBackend backend, List<String> warnings) {

    /** Adds a line to what the tool prints on stderr when it succeeds. */
    void warn(String line) {
        warnings.add(line);
    }

    /** {@code -r}, else {@code $JUJU_RELATION_ID}, else null: the backend then uses the hook's relation. */
    String relationId() {
        return args.option(ToolOption.RELATION_ID).or(() -> env("JUJU_RELATION_ID")).orElse(null);
    }

    Optional<String> env(String name) {
        return Optional.ofNullable(env.get(name)).filter(v -> !v.isEmpty());
    }
}
