package jujube.hooks.tools;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The hook tools as {@link HookToolsInstaller} left them.
 *
 * @param binDir the directory to put first on a hook's {@code PATH}
 * @param mode   which forwarder the tools run
 * @param tools  one path per tool name
 */
public record InstalledTools(Path binDir, Mode mode, List<Path> tools) {
    public InstalledTools {
        tools = List.copyOf(tools);
    }

    /**
     * The forwarder acting as {@code setsid} ({@link HookToolsInstaller#SESSION_LEADER}), present with the
     * native forwarder only.
     */
    public Optional<Path> sessionLeader() {
        return mode == Mode.NATIVE ? Optional.of(binDir.resolve(HookToolsInstaller.SESSION_LEADER)) : Optional.empty();
    }

    /** Which forwarder runs behind the tool names. */
    public enum Mode {
        /** Symbolic links to the native {@code jujube-hook-tool}: about 1 ms a call. */
        NATIVE,
        /** Shell scripts starting {@link JavaToolClient}: the slow path, a JVM start per call. */
        JAVA
    }
}
