package jujube.state.curator.internal;

import jujube.state.curator.internal.AgentReport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentReportTest {
    private static Map<String, String> read(String json) {
        return AgentReport.limits(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void what_an_agent_reports_reads_back() {
        Map<String, String> limits = Map.of("memory", "reached its limit of 512M: 1 process killed");
        assertEquals(limits, AgentReport.limits(AgentReport.encode(limits)));
        assertEquals(Map.of(), AgentReport.limits("{}".getBytes(StandardCharsets.UTF_8)), "a presence without a report");
        assertEquals(Map.of(), AgentReport.limits(null), "no agent");
    }

    @Test
    void a_report_not_of_the_expected_shape_is_unreadable_or_left_out_never_a_failure() {
        assertEquals(Map.of("report", "unreadable"), read("{not json"));
        assertEquals(Map.of(), read("{\"limits\": [1, 2]}"));
        assertEquals(Map.of("disk", "full"), read("{\"limits\": {\"disk\": \"full\", \"Bad Key\": \"x\", \"cpu\": 3}}"));
        assertEquals(Map.of("report", "unreadable: 5000 bytes"), AgentReport.limits(new byte[5000]));
        assertEquals(300, read("{\"limits\": {\"disk\": \"" + "x".repeat(1000) + "\"}}").get("disk").length());
    }
}
