package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jujube} finds its distribution without a subshell (it changes into it and back): the command
 * runs in the caller's directory, and the class-data archive is used only by the distribution it was
 * dumped for. Run, by a relative path and with {@code CDPATH} set to mislead {@code cd}, against a fake
 * {@code java} that prints its directory and then its arguments.
 */
class CliScriptTest {
    @TempDir
    Path root;
    private Path dist;
    /** Where the script is called from. */
    private Path work;

    @BeforeEach
    void fakeDistribution() throws IOException {
        dist = Files.createDirectories(root.resolve("dist")).toRealPath();
        Files.createDirectories(dist.resolve("bin"));
        Files.copy(Path.of("src/main/dist/bin/jujube"), dist.resolve("bin/jujube"));
        Files.setPosixFilePermissions(dist.resolve("bin/jujube"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(dist.resolve("lib/cli"));
        Files.writeString(dist.resolve("lib/cli.jsa"), "");
        Files.writeString(dist.resolve("lib/cli-status.jsa"), "");
        // the caller's directory, which holds the distribution: the script is called as dist/bin/jujube, a
        // relative path that a cd consulting CDPATH would look for in the decoy first, and land there
        work = root.toRealPath();
        Files.createDirectories(root.resolve("decoy/dist/bin"));
        Path java = Files.createDirectories(root.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\npwd\nfor a; do printf '%s\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void the_command_runs_where_it_was_called_with_its_distributions_archive() throws Exception {
        Files.writeString(dist.resolve("lib/cli.jsa.dist"), dist + "\n");

        List<String> out = run("get", "-e", "bench", "blog");

        assertEquals(work.toString(), out.get(0), "the caller's directory");
        assertTrue(out.contains("-XX:SharedArchiveFile=" + dist.resolve("lib/cli.jsa")), out.toString());
        assertTrue(out.contains("-Djujube.dist=" + dist), out.toString());
        assertEquals(List.of("jujube.cli.Main", "get", "-e", "bench", "blog"), out.subList(out.size() - 5, out.size()));
    }

    @Test
    void a_status_maps_the_archive_of_a_status_only() throws Exception {
        Files.writeString(dist.resolve("lib/cli.jsa.dist"), dist + "\n");

        assertTrue(run("--verbose", "status", "-e", "bench").contains("-XX:SharedArchiveFile=" + dist.resolve("lib/cli-status.jsa")));
        // a word after the command's name is not the command, even when it reads "status"
        assertTrue(run("get", "status").contains("-XX:SharedArchiveFile=" + dist.resolve("lib/cli.jsa")));
        Files.delete(dist.resolve("lib/cli-status.jsa"));
        assertTrue(run("status").contains("-XX:SharedArchiveFile=" + dist.resolve("lib/cli.jsa")), "the whole archive, when alone");
    }

    @Test
    void an_archive_dumped_for_another_directory_is_left_out() throws Exception {
        Files.writeString(dist.resolve("lib/cli.jsa.dist"), root.resolve("elsewhere") + "\n");

        List<String> out = run("status");

        assertEquals(work.toString(), out.get(0));
        assertFalse(out.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile")), out.toString());
        assertTrue(out.contains("-Djujube.dist=" + dist), out.toString());
    }

    /** The script's java's output, one line each: its directory, then its arguments. */
    private List<String> run(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("dist/bin/jujube"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        builder.environment().put("PATH", root.resolve("jdk/bin") + ":/usr/bin:/bin");
        builder.environment().put("CDPATH", root.resolve("decoy").toString());
        builder.environment().remove("JUJUBE_JAVA_OPTS");
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out.lines().toList();
    }
}
