package jujube.hooks.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The program of the {@code juju-run} pseudo-hook, {@code <unit dir>/run/juju-run}: a fixed script that
 * runs the command it finds in its environment with {@code /bin/sh -c}. The command travels in the
 * environment rather than in a script written per command because a file written and executed at once
 * may fail with "text file busy" when another thread of the agent forks meanwhile; this one is written
 * once (atomically, by rename) and only when its content differs.
 */
final class RunProgram {
    static final String HOOK_NAME = "juju-run";
    static final String COMMAND_VARIABLE = "JUJU_RUN_COMMAND";
    private static final String SCRIPT = """
            #!/bin/sh
            # written by the unit agent: runs the command of 'jujube exec', which it gets in $JUJU_RUN_COMMAND
            command=$JUJU_RUN_COMMAND
            unset JUJU_RUN_COMMAND
            exec /bin/sh -c "$command"
            """;

    private RunProgram() {
    }

    /** Installs the program unless it is in place already; returns its path. */
    static synchronized Path install(Path unitDir) throws IOException {
        Path dir = unitDir.resolve("run");
        Path program = dir.resolve(HOOK_NAME);
        byte[] content = SCRIPT.getBytes(StandardCharsets.UTF_8);
        if (Files.isRegularFile(program) && Files.isExecutable(program)
                && java.util.Arrays.equals(Files.readAllBytes(program), content)) {
            return program;
        }
        Files.createDirectories(dir);
        Path temp = dir.resolve(HOOK_NAME + ".tmp");
        Files.write(temp, content);
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx------")); // the hooks' user alone
        Files.move(temp, program, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return program;
    }
}
