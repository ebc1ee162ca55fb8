package jujube.hooks.tools.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of a hook tool as the forwarder reported it.
 *
 * @param tool     the tool's name (the basename of argv[0])
 * @param args     the arguments after the name
 * @param cwd      the tool's working directory, against which {@code -o} and {@code @file} resolve
 * @param env      the environment variables the forwarder passes on
 * @param stdin    the tool's standard input, or null when not sent yet
 * @param clientId the client id of the request ({@code $JUJU_CLIENT_ID}), or null
 */
public record ToolInvocation(String tool, List<String> args, Path cwd, Map<String, String> env, byte[] stdin,
        String clientId) {
    public ToolInvocation {
        Objects.requireNonNull(tool, "tool");
        args = List.copyOf(args);
        Objects.requireNonNull(cwd, "cwd");
        env = Map.copyOf(env);
    }
}
