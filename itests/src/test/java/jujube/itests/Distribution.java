package jujube.itests;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the built distribution's commands as an operator would: real processes, a private JUJUBE_HOME. */
final class Distribution {
    final Path dist = Path.of(System.getProperty("jujube.itest.dist"));
    final Path home;

    Distribution(Path home) {
        this.home = home;
    }

    Path envDir() {
        return home.resolve("environments").resolve("local");
    }

    /** The result of one command. */
    record Run(int exit, String out, String err) {}

    Run jujube(String... args) throws IOException, InterruptedException {
        return jujube(Map.of(), args);
    }

    /** A command with more environment variables, which the agents it starts inherit. */
    Run jujube(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("JUJUBE_HOME", home.toString());
        return run(all, dist.resolve("bin/jujube").toString(), args);
    }

    Run run(Map<String, String> env, String program, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(program);
        command.addAll(List.of(args));
        Path out = Files.createTempFile("jujube-out", ".txt");
        Path err = Files.createTempFile("jujube-err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish in 180 s");
        }
        Run run = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return run;
    }

    /** Live processes whose command line mentions {@code path}. */
    static List<ProcessHandle> processesMentioning(Path path) {
        List<ProcessHandle> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(p -> {
            try {
                String cmd = new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
                        StandardCharsets.UTF_8);
                if (cmd.contains(path.toString()) && p.isAlive()) {
                    found.add(p);
                }
            } catch (IOException e) {
                // gone meanwhile
            }
        });
        return found;
    }
}
