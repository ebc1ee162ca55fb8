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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jujube-agent} asks for the incubating foreign function module only of a JDK that has it:
 * JDK 19 and later have none and would refuse to start. Run against a fake {@code java} that prints its
 * arguments, in a fake JDK home whose {@code release} file does or does not list the module.
 */
class AgentScriptTest {
    private static final Path SCRIPT = Path.of("src/main/dist/bin/jujube-agent");

    @TempDir
    Path jdk;

    @Test
    void a_jdk_with_the_module_is_asked_for_it() throws Exception {
        List<String> args = runWith("MODULES=\"java.base jdk.incubator.foreign jdk.zipfs\"");

        assertTrue(args.containsAll(List.of("--add-modules", "jdk.incubator.foreign", "--enable-native-access=ALL-UNNAMED")),
                args.toString());
    }

    @Test
    void a_jdk_without_the_module_is_not() throws Exception {
        List<String> args = runWith("MODULES=\"java.base jdk.zipfs\"");

        assertFalse(args.contains("--add-modules"), args.toString());
        assertEquals("jujube.launcher.Main", args.get(args.size() - 2));
    }

    @Test
    void every_agent_has_a_bounded_heap_and_exits_when_it_is_full() throws Exception {
        assertTrue(runAs("machine", null).containsAll(List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError")));
        assertTrue(runAs("controller", null).contains("-Xmx512m"));
        List<String> set = runAs("machine", "1g");
        assertTrue(set.contains("-Xmx1g") && !set.contains("-Xmx256m"), set.toString());
    }

    private List<String> runAs(String role, String heap) throws IOException, InterruptedException {
        return run("MODULES=\"java.base\"", role, heap);
    }

    /** The arguments the script gives java, one per line, with {@code release} holding the given line. */
    private List<String> runWith(String modulesLine) throws IOException, InterruptedException {
        return run(modulesLine, "machine", null);
    }

    private List<String> run(String modulesLine, String role, String heap) throws IOException, InterruptedException {
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"99\"\n" + modulesLine + "\n");
        Path java = Files.createDirectories(jdk.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a; do printf '%s\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder builder = new ProcessBuilder("sh", SCRIPT.toString(), role).redirectErrorStream(true);
        builder.environment().put("PATH", jdk.resolve("bin") + ":/usr/bin:/bin");
        builder.environment().remove("JUJUBE_AGENT_HEAP");
        if (heap != null) {
            builder.environment().put("JUJUBE_AGENT_HEAP", heap);
        }
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out.lines().toList();
    }
}
