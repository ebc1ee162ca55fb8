package jujube.hooks.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One case of {@code hook-tool-vectors.json}: a tool call and what it must print and exit with. */
record ToolVector(String name, List<String> argv, Map<String, String> env, String stdin, Map<String, String> files,
        String stdout, String stderr, String stderrContains, int exit, Map<String, String> outputFiles,
        ToolVector then) {

    /** The environment of every case unless it overrides: a db:0 relation hook of client hook-1. */
    static final Map<String, String> DEFAULT_ENV = Map.of("JUJU_CLIENT_ID", "hook-1", "JUJU_REMOTE_UNIT", "mysql/0");

    static List<ToolVector> load(ObjectMapper json) throws IOException {
        try (InputStream in = ToolVector.class.getResourceAsStream("/hook-tool-vectors.json")) {
            List<ToolVector> vectors = new ArrayList<>();
            for (JsonNode node : json.readTree(in).get("cases")) {
                vectors.add(parse(node, DEFAULT_ENV));
            }
            return vectors;
        }
    }

    /** A case; its follow-up ({@code then}) runs in the case's environment, with its own changes. */
    private static ToolVector parse(JsonNode node, Map<String, String> baseEnv) {
        List<String> argv = new ArrayList<>();
        node.get("argv").forEach(a -> argv.add(a.asText()));
        Map<String, String> env = new HashMap<>(baseEnv);
        node.path("env").fields().forEachRemaining(e -> {
            if (e.getValue().isNull()) {
                env.remove(e.getKey());
            } else {
                env.put(e.getKey(), e.getValue().asText());
            }
        });
        return new ToolVector(node.path("name").asText(String.join(" ", argv)), argv, env,
                node.hasNonNull("stdin") ? node.get("stdin").asText() : null, strings(node.path("files")),
                node.path("stdout").asText(""), node.hasNonNull("stderr") ? node.get("stderr").asText() : null,
                node.hasNonNull("stderr_contains") ? node.get("stderr_contains").asText() : null,
                node.path("exit").asInt(0), strings(node.path("output_files")),
                node.has("then") ? parse(node.get("then"), env) : null);
    }

    private static Map<String, String> strings(JsonNode object) {
        Map<String, String> map = new LinkedHashMap<>();
        object.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
        return map;
    }

    @Override
    public String toString() {
        return name;
    }
}
