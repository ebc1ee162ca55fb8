package jujube.hooks.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import jujube.hooks.HookInvocation;
import jujube.hooks.HookOutput;

/** A unit directory with a charm whose hooks are real shell scripts, and a sink for their output. */
final class HookFixture {
    final Path unitDir;
    final Path charmDir;
    final Path toolsDir;
    final Path socket;

    HookFixture(Path root) throws IOException {
        unitDir = Files.createDirectories(root.resolve("units").resolve("wordpress-0"));
        charmDir = Files.createDirectories(unitDir.resolve("charm"));
        Files.createDirectories(charmDir.resolve("hooks"));
        toolsDir = Files.createDirectories(root.resolve("tools"));
        socket = unitDir.resolve("agent.socket");
    }

    /** Writes an executable {@code #!/bin/sh} hook with the given body. */
    Path hook(String name, String body) throws IOException {
        Path hook = charmDir.resolve("hooks").resolve(name);
        Files.writeString(hook, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        return hook;
    }

    HookInvocation invocation(String hookName) {
        return HookInvocation.of("wordpress/0", "wordpress", "local:precise/wordpress-3", charmDir, hookName,
                socket, "client-17", toolsDir);
    }

    /** A sink that records lines per stream and in arrival order. */
    static class Recording implements HookOutput {
        final List<String> stdout = Collections.synchronizedList(new ArrayList<>());
        final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
        final List<String> all = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void stdout(String line) {
            stdout.add(line);
            all.add("out:" + line);
        }

        @Override
        public void stderr(String line) {
            stderr.add(line);
            all.add("err:" + line);
        }
    }
}
