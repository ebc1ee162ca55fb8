package jujube.cli.internal;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import jujube.cli.CliException;

/** Graphviz's {@code dot} command, found on {@code PATH}, turning a graph into SVG. */
final class Graphviz {
    private Graphviz() {}

    static Optional<Path> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path dot = Path.of(dir.isEmpty() ? "." : dir, "dot");
            if (Files.isExecutable(dot)) {
                return Optional.of(dot);
            }
        }
        return Optional.empty();
    }

    static String svg(String graph) {
        Path dot = find().orElseThrow(() ->
                new CliException("svg status needs Graphviz's 'dot' command (apt-get install graphviz)"));
        try {
            Process p = new ProcessBuilder(dot.toString(), "-Tsvg").redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(graph.getBytes(StandardCharsets.UTF_8));
            }
            String svg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new CliException(dot + " -Tsvg failed with exit code " + p.exitValue());
            }
            return svg;
        } catch (IOException e) {
            throw new CliException("cannot run " + dot + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted while running " + dot);
        }
    }
}
