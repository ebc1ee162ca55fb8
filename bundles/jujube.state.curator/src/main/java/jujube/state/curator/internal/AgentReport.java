package jujube.state.curator.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import jujube.state.AgentPresence;

/**
 * What a machine agent's presence node holds: {@code {"limits": {"memory": "...", ...}}}. Written by
 * the machine's agent, so read as untrusted: anything else than the expected shape, or over its bounds,
 * reads as {@code unreadable}, never as a failure of whoever reads status.
 */
final class AgentReport {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BYTES = 4096;

    private AgentReport() {
    }

    static byte[] encode(Map<String, String> limits) {
        try {
            return JSON.writeValueAsBytes(Map.of("limits", limits));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The limits a presence node's data reports; empty for none (or no node: {@code null}). */
    static Map<String, String> limits(byte[] data) {
        if (data == null || data.length == 0) {
            return Map.of();
        }
        if (data.length > MAX_BYTES) {
            return Map.of("report", "unreadable: " + data.length + " bytes");
        }
        try {
            JsonNode limits = JSON.readTree(data).path("limits");
            Map<String, String> out = new LinkedHashMap<>();
            var fields = limits.fields();
            while (fields.hasNext() && out.size() < AgentPresence.MAX_REPORTS) {
                var f = fields.next();
                if (f.getKey().matches("[a-z]{1,20}") && f.getValue().isTextual()) {
                    String text = f.getValue().asText();
                    out.put(f.getKey(), text.length() > AgentPresence.MAX_REPORT_CHARS
                            ? text.substring(0, AgentPresence.MAX_REPORT_CHARS) : text);
                }
            }
            return out;
        } catch (java.io.IOException e) {
            return Map.of("report", "unreadable");
        }
    }
}
