package jujube.hooks.tools;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A way to run a hook tool (in-process, Java client, native forwarder), so one vector runs through each. */
interface ToolCall {
    /** What a tool run printed and exited with. */
    record Result(String stdout, String stderr, int exit) {
    }

    /** @param stdin the tool's stdin, or null for an empty one */
    Result run(List<String> argv, Map<String, String> env, Path cwd, String stdin) throws Exception;
}
