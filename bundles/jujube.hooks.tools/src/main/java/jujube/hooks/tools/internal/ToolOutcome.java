package jujube.hooks.tools.internal;

/** What a tool run produced: a finished run, or a request to send stdin and run again. */
public sealed interface ToolOutcome {
    /** The tool finished: print these and exit with this code. */
    record Completed(String stdout, String stderr, int exit) implements ToolOutcome {
    }

    /** The command line reads stdin: the client must send it, then the same request again. */
    record NeedsStdin() implements ToolOutcome {
    }
}
