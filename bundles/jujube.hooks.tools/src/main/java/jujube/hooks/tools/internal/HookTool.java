package jujube.hooks.tools.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import jujube.hooks.tools.HookToolException;

/** One hook tool, run in the agent. Implementations are stateless and thread-safe. */
interface HookTool {
    String name();

    /** The usage line after {@code usage: }, without the common options. */
    String usage();

    /** Whether the tool needs the hook's client id; only juju-log runs without one, as in the original. */
    default boolean needsClientId() {
        return true;
    }

    /** Options beyond {@link ToolOption#COMMON}: none unless the tool says otherwise. */
    default Set<ToolOption> extraOptions() {
        return Set.of();
    }

    /**
     * Whether this command line reads stdin; asked before {@link #run}, so stdin is only read when needed.
     *
     * @param cwd the tool's working directory, against which file arguments resolve
     */
    default boolean needsStdin(ParsedArgs args, Path cwd) {
        return false;
    }

    /** Output formats beyond {@link OutputFormat#COMMON} that this tool offers: none unless it says otherwise. */
    default List<OutputFormat> ownFormats() {
        return List.of();
    }

    /**
     * Renders the value {@link #run} returned in one of {@link #ownFormats}; warnings go to
     * {@link ToolContext#warn}.
     */
    default String render(OutputFormat format, JsonNode value, ToolContext context) {
        throw new IllegalArgumentException(name() + " has no format " + format);
    }

    /**
     * Runs the tool.
     *
     * @return the value to print, or empty when the tool prints nothing whatever the format
     */
    Optional<JsonNode> run(ToolContext context) throws UsageException, HookToolException, ToolFailure;
}
