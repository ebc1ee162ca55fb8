package jujube.itests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Charms written into a temporary local repository ({@code <repo>/precise/<name>/}) for what the
 * example charms do not do on purpose: fail, upgrade, take their time. Like the examples, their hooks
 * append one line per run to {@code hook.log} in the unit directory.
 */
final class TestCharms {
    private final Path repository;

    TestCharms(Path repository) {
        this.repository = repository;
    }

    Path repository() {
        return repository;
    }

    /** Writes (or rewrites) a charm: metadata, revision and hooks, each hook a shell script body. */
    Path write(String name, int revision, String relations, Map<String, String> hooks) throws IOException {
        Path dir = Files.createDirectories(repository.resolve("precise").resolve(name));
        Files.writeString(dir.resolve("metadata.yaml"), "name: " + name + "\nsummary: test charm\ndescription: test charm\n"
                + relations);
        Files.writeString(dir.resolve("revision"), revision + "\n");
        Path hookDir = Files.createDirectories(dir.resolve("hooks"));
        for (Map.Entry<String, String> hook : hooks.entrySet()) {
            Path file = hookDir.resolve(hook.getKey());
            Files.writeString(file, "#!/bin/sh\nset -e\nunit_dir=\"$CHARM_DIR/..\"\n" + hook.getValue() + "\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return dir;
    }

    /** A hook body that only logs its name (and the remote unit in relation hooks). */
    static String logs(String hook) {
        return "echo \"" + hook + " ${JUJU_REMOTE_UNIT:--}\" >> \"$unit_dir/hook.log\"";
    }
}
