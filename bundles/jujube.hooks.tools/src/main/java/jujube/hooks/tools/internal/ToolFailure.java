package jujube.hooks.tools.internal;

/**
 * A tool run that cannot complete for a reason found in the agent rather than in the command line's
 * form, such as a file argument that cannot be read: exit 1 with this one-line message.
 */
final class ToolFailure extends Exception {
    private static final long serialVersionUID = 1L;

    ToolFailure(String message) {
        super(message);
    }
}
