package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import jujube.model.Port;
import jujube.state.Presence;
import jujube.model.UnitName;
import org.junit.jupiter.api.Test;

/** status in every format and with filters; debug-log. */
class StatusCommandTest extends CliFixture {
    private final List<Presence> agents = new ArrayList<>();

    private void environmentWithEverything() {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        deploy("local:mysql").assertOk();
        deploy("local:logging").assertOk();
        run("add-relation", "blog", "mysql").assertOk();
        run("add-relation", "blog", "logging").assertOk();
        run("expose", "blog").assertOk();
        UnitName blog0 = UnitName.parse("blog/0");
        UnitName blog1 = UnitName.parse("blog/1");
        state.units().addSubordinate("logging", blog0);
        state.units().setWorkflowState(blog0, "started");
        agents.add(state.units().connectAgent(blog0));
        agents.add(state.machines().connectAgent(0));
        state.units().setAddresses(blog0, "blog0.example", "10.0.0.2");
        state.units().openPort(blog0, new Port(80, "tcp"));
        state.units().openPort(blog0, new Port(443, "tcp"));
        state.units().setWorkflowState(blog1, "started");
        state.units().setRelationWorkflowState(blog1, state.relations().ofService("mysql").get(0).id(), "error",
                "db-relation-changed failed: exit code 1; retry 2 at 2026-11-29T10:00:20Z (in 20 s)");
        state.units().setWorkflowState(UnitName.parse("mysql/0"), "install_error",
                "hook install failed: exit code 1; retry 2 in 10 s");
        state.machines().add();
        // each unit's workload status as its agent or its charm left it, at a known time
        java.time.Instant at = java.time.Instant.parse("2026-11-29T10:00:00Z");
        state.units().setWorkloadStatus(blog0, jujube.model.WorkloadStatus.unknown(at), false);
        state.units().setWorkloadStatus(blog1, new jujube.model.WorkloadStatus("active", "serving", at), true);
        state.units().setWorkloadStatus(UnitName.parse("logging/0"),
                new jujube.model.WorkloadStatus("waiting", "agent initializing", at), false);
        state.units().setWorkloadStatus(UnitName.parse("mysql/0"),
                new jujube.model.WorkloadStatus("maintenance", "installing charm software", at), false);
    }

    @Test
    void yaml_shows_machines_services_units_and_nested_subordinates() {
        environmentWithEverything();
        assertEquals("""
                machines:
                  "0":
                    agent-state: running
                    instance-id: local-0
                  "1":
                    agent-state: pending
                    agent-state-info: waiting for the provisioning agent to start it
                    instance-id: pending
                services:
                  blog:
                    charm: local:precise/wordpress-3
                    exposed: true
                    application-status:
                      current: active
                      message: serving
                      since: 2026-11-29T10:00:00Z
                    relations:
                      db:
                      - mysql
                      juju-info:
                      - logging
                    units:
                      blog/0:
                        agent-state: started
                        workload-status:
                          current: unknown
                          since: 2026-11-29T10:00:00Z
                        machine: 0
                        public-address: blog0.example
                        open-ports:
                        - 80/tcp
                        - 443/tcp
                        subordinates:
                          logging/0:
                            agent-state: pending
                            workload-status:
                              current: waiting
                              message: agent initializing
                              since: 2026-11-29T10:00:00Z
                      blog/1:
                        agent-state: down
                        workload-status:
                          current: active
                          message: serving
                          since: 2026-11-29T10:00:00Z
                        machine: 0
                        relation-errors:
                          db:
                          - mysql
                        relation-errors-info:
                          db: "db-relation-changed failed: exit code 1; retry 2 at 2026-11-29T10:00:20Z\\
                            \\ (in 20 s)"
                  logging:
                    charm: local:precise/logging-1
                    exposed: false
                    application-status:
                      current: waiting
                      message: agent initializing
                      since: 2026-11-29T10:00:00Z
                    relations:
                      juju-info:
                      - blog
                    subordinate: true
                    subordinate-to:
                    - blog
                  mysql:
                    charm: local:precise/mysql-1
                    exposed: false
                    application-status:
                      current: error
                      message: "hook install failed: exit code 1; retry 2 in 10 s"
                      since: 2026-11-29T10:00:00Z
                    relations:
                      db:
                      - blog
                    units:
                      mysql/0:
                        agent-state: install-error
                        agent-state-info: "hook install failed: exit code 1; retry 2 in 10 s"
                        workload-status:
                          current: error
                          message: "hook install failed: exit code 1; retry 2 in 10 s"
                          since: 2026-11-29T10:00:00Z
                        machine: 0
                """, run("status").assertOk().out());
    }

    @Test
    void glob_filters_select_services_and_units() {
        environmentWithEverything();
        String mysql = run("status", "my*").assertOk().out();
        assertTrue(mysql.contains("  mysql:\n") && !mysql.contains("blog/") && !mysql.contains("\"1\":"), mysql);
        String blog1 = run("status", "--format", "json", "blog/[1-9]").assertOk().out();
        assertTrue(blog1.contains("\"blog/1\"") && !blog1.contains("\"blog/0\"") && !blog1.contains("\"mysql\" : {"), blog1);
        String none = run("status", "nothing*").assertOk().out();
        assertEquals("machines: {}\nservices: {}\n", none);
    }

    @Test
    void a_machine_is_pending_then_starting_until_its_agent_first_connects_and_down_only_once_it_was_up() throws Exception {
        int id = state.machines().add("local-7").id();
        assertTrue(run("status").assertOk().out().contains("  \"" + id + "\":\n    agent-state: starting\n"
                + "    agent-state-info: waiting for its agent to connect for the first time\n"), "booting, not down");
        var presence = state.machines().connectAgent(id);
        assertTrue(run("status").assertOk().out().contains("  \"" + id + "\":\n    agent-state: running\n    instance-id: local-7\n"));
        presence.close();
        org.awaitility.Awaitility.await().pollInterval(java.time.Duration.ofMillis(20)).atMost(java.time.Duration.ofSeconds(20)).until(() ->
                run("status").assertOk().out().contains("  \"" + id + "\":\n    agent-state: down\n"
                        + "    agent-state-info: its agent was up and is gone\n"));
    }

    @Test
    void the_limits_a_machines_agent_reports_reached_show_under_the_machine_and_as_a_column() {
        var presence = state.machines().connectAgent(0);
        agents.add(presence);
        presence.reportLimits(java.util.Map.of("memory", "reached its limit of 512M: 1 process killed",
                "disk", "full: 511M of 512M used"));
        assertEquals("""
                machines:
                  "0":
                    agent-state: running
                    instance-id: local-0
                    limits:
                      disk: "full: 511M of 512M used"
                      memory: "reached its limit of 512M: 1 process killed"
                services: {}
                """, run("status").assertOk().out());
        assertEquals("""
                MACHINE  STATE    INSTANCE  LIMITS
                0        running  local-0   disk,memory reached
                """, run("status", "--format", "tabular").assertOk().out().lines().limit(2)
                .map(l -> l + "\n").reduce("", String::concat));
        presence.reportLimits(java.util.Map.of());
        assertTrue(!run("status").assertOk().out().contains("limits"), "reported no more: shown no more");
    }

    @Test
    void each_agents_version_and_its_upgrade_show_under_its_machine_and_the_controller_in_every_format() {
        state.machines().add();
        state.machines().add();
        java.time.Instant at = java.time.Instant.parse("2026-11-29T10:00:00Z");
        jujube.state.AgentBundle hooks = new jujube.state.AgentBundle("jujube.hooks", "3.4.1", "a".repeat(64), 10);
        jujube.state.AgentBundleSet v110 = new jujube.state.AgentBundleSet("1.1.0", List.of(hooks));
        jujube.state.AgentBundleSet v100 = new jujube.state.AgentBundleSet("1.0.0", List.of());
        state.agentBundles().report("machine-0", new jujube.state.AgentBundlesReport(2, v110,
                jujube.state.AgentBundlesReport.UPGRADED, "", at));
        state.agentBundles().report("machine-1", new jujube.state.AgentBundlesReport(2, v100,
                jujube.state.AgentBundlesReport.FAILED, "jujube.hooks did not start:\n  unsatisfied", at));
        state.agentBundles().report("controller", new jujube.state.AgentBundlesReport(3, new jujube.state.AgentBundleSet("",
                List.of()), jujube.state.AgentBundlesReport.UPGRADING, "", at));
        assertEquals("""
                machines:
                  "0":
                    agent-state: starting
                    agent-state-info: waiting for its agent to connect for the first time
                    instance-id: local-0
                    agent-version: 1.1.0
                  "1":
                    agent-state: pending
                    agent-state-info: waiting for the provisioning agent to start it
                    instance-id: pending
                    agent-version: 1.0.0
                    agent-upgrade: "failed: jujube.hooks did not start: unsatisfied"
                  "2":
                    agent-state: pending
                    agent-state-info: waiting for the provisioning agent to start it
                    instance-id: pending
                services: {}
                controller:
                  agent-version: unknown
                  agent-upgrade: upgrading to 3
                """, run("status").assertOk().out());
        String json = run("status", "--format", "json").assertOk().out();
        assertTrue(json.endsWith("  \"controller\" : {\n    \"agent-version\" : \"unknown\",\n"
                + "    \"agent-upgrade\" : \"upgrading to 3\"\n  }\n}\n"), json);
        assertTrue(json.contains("\"instance-id\" : \"local-0\",\n      \"agent-version\" : \"1.1.0\"\n"), json);
        assertEquals("""
                AGENT       VERSION  UPGRADE
                controller  unknown  upgrading to 3

                MACHINE  STATE     INSTANCE  VERSION  UPGRADE
                0        starting  local-0   1.1.0    -
                1        pending   pending   1.0.0    failed: jujube.hooks did not start: unsatisfied
                2        pending   pending   -        -

                SERVICE  CHARM  EXPOSED  RELATIONS

                SERVICE  UNIT  STATE  MACHINE  ADDRESS  PORTS
                """, run("status", "--format", "tabular").assertOk().out());
        assertEquals("", run("status").err(), "outside a distribution this jujube's version is unknown: no warning");
    }

    @Test
    void tabular_aligns_columns_and_dot_draws_the_relations() {
        environmentWithEverything();
        assertEquals("""
                MACHINE  STATE    INSTANCE
                0        running  local-0
                1        pending  pending

                SERVICE  STATUS   CHARM                      EXPOSED  RELATIONS
                blog     active   local:precise/wordpress-3  yes      db:mysql juju-info:logging
                logging  waiting  local:precise/logging-1    no       juju-info:blog
                mysql    error    local:precise/mysql-1      no       db:blog

                SERVICE  UNIT         STATE                       WORKLOAD  MACHINE  ADDRESS        PORTS           MESSAGE
                blog     blog/0       started                     unknown   0        blog0.example  80/tcp,443/tcp
                logging    logging/0  pending                     waiting   0        -              -               agent initializing
                blog     blog/1       down (relation errors: db)  active    0        -              -               serving
                mysql    mysql/0      install-error               error     0        -              -               hook install failed: exit code 1; retry 2 in 10 s
                """, run("status", "--format", "tabular").assertOk().out());
        String dot = run("status", "--format", "dot").assertOk().out();
        assertTrue(dot.startsWith("graph status {\n"), dot);
        assertTrue(dot.contains("  \"blog\" -- \"mysql\" [label=\"db\"];\n"), dot);
        assertTrue(dot.contains("  \"blog\" -- \"logging\" [label=\"juju-info\"];\n"), dot);
        assertTrue(dot.contains("\"logging\" [label=\"logging\\nlocal:precise/logging-1\\nsubordinate\", style=\"rounded,dashed\"]"), dot);
    }

    @Test
    void the_leader_of_each_service_is_marked_in_every_format() {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        UnitName blog1 = UnitName.parse("blog/1");
        try (jujube.state.ServiceLeadership.Campaign campaign = state.unit(blog1).leadership().campaign(leader -> { })) {
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20))
                    .until(() -> state.overview().leaders().containsKey("blog"));
            String yaml = run("status").assertOk().out();
            assertTrue(yaml.contains("    units:\n      blog/0:\n        agent-state: pending\n"), yaml);
            assertTrue(yaml.contains("      blog/1:\n        agent-state: pending\n        leader: true\n"), yaml);
            assertEquals(1, yaml.split("leader: true", -1).length - 1, yaml);
            String json = run("status", "--format", "json").assertOk().out();
            assertTrue(json.contains("\"blog/1\" : {\n          \"agent-state\" : \"pending\",\n          \"leader\" : true,"), json);
            String tabular = run("status", "--format", "tabular").assertOk().out();
            assertTrue(tabular.contains("blog     blog/1*  pending"), tabular);
            assertTrue(tabular.contains("blog     blog/0   pending"), tabular);
        }
    }

    @Test
    void workload_and_application_status_in_every_format_beside_the_agent_state() {
        deploy("local:wordpress", "blog", "-n", "2").assertOk();
        UnitName blog0 = UnitName.parse("blog/0");
        UnitName blog1 = UnitName.parse("blog/1");
        java.time.Instant at = java.time.Instant.parse("2026-11-29T10:00:00Z");
        state.units().setWorkflowState(blog0, "started");
        state.units().setWorkloadStatus(blog0, new jujube.model.WorkloadStatus("active", "serving", at), true);
        state.units().setWorkloadVersion(blog0, "2.4.1");
        state.units().setWorkflowState(blog1, "configure_error", "hook config-changed failed: exit code 1");
        state.units().setWorkloadStatus(blog1, new jujube.model.WorkloadStatus("maintenance", "starting", at), false);
        try (jujube.state.ServiceLeadership.Campaign campaign = state.unit(blog0).leadership().campaign(leader -> { })) {
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20))
                    .until(() -> state.unit(blog0).leadership().isLeader());
            state.unit(blog0).leadership().setApplicationStatus(new jujube.model.WorkloadStatus("blocked", "needs mysql", at));
            String yaml = run("status").assertOk().out();
            assertTrue(yaml.contains("    exposed: false\n    application-status:\n      current: blocked\n"
                    + "      message: needs mysql\n      since: 2026-11-29T10:00:00Z\n"), yaml);
            assertTrue(yaml.contains("      blog/0:\n        agent-state: down\n        leader: true\n"
                    + "        workload-status:\n          current: active\n          message: serving\n"
                    + "          since: 2026-11-29T10:00:00Z\n        workload-version: 2.4.1\n"), yaml);
            assertTrue(yaml.contains("        workload-status:\n          current: error\n"
                    + "          message: \"hook config-changed failed: exit code 1\"\n"), yaml);
            String json = run("status", "--format", "json").assertOk().out();
            assertTrue(json.contains("\"workload-status\" : {\n            \"current\" : \"active\","), json);
            String tabular = run("status", "--format", "tabular").assertOk().out();
            assertTrue(tabular.contains("SERVICE  STATUS   CHARM"), tabular);
            assertTrue(tabular.contains("blog     blocked  local:precise/wordpress-"), tabular);
            assertTrue(tabular.contains("SERVICE  UNIT     STATE            WORKLOAD  MACHINE  ADDRESS  PORTS  MESSAGE\n"
                    + "blog     blog/0*  down             active    0        -        -      serving\n"
                    + "blog     blog/1   configure-error  error     0        -        -      hook config-changed failed"),
                    tabular);
        }
    }

    @Test
    void application_status_is_derived_from_its_units_when_the_leader_set_none() {
        deploy("local:wordpress", "blog", "-n", "3").assertOk();
        java.time.Instant at = java.time.Instant.parse("2026-11-29T10:00:00Z");
        UnitName blog1 = UnitName.parse("blog/1");
        state.units().setWorkloadStatus(UnitName.parse("blog/0"), new jujube.model.WorkloadStatus("active", "serving", at), true);
        state.units().setWorkloadStatus(blog1, new jujube.model.WorkloadStatus("waiting", "waiting for mysql", at), true);
        state.units().setWorkloadStatus(UnitName.parse("blog/2"), new jujube.model.WorkloadStatus("maintenance",
                "resizing", at.plusSeconds(1)), true);
        // Go juju's order: a unit busy itself (maintenance) is worse off than one waiting for another
        String yaml = run("status").assertOk().out();
        assertTrue(yaml.contains("    exposed: false\n    application-status:\n      current: maintenance\n"
                + "      message: resizing\n      since: 2026-11-29T10:00:01Z\n"), yaml);
        String json = run("status", "--format", "json").assertOk().out();
        assertTrue(json.contains("\"application-status\" : {\n        \"current\" : \"maintenance\",\n"
                + "        \"message\" : \"resizing\","), json);
        String tabular = run("status", "--format", "tabular").assertOk().out();
        assertTrue(tabular.contains("blog     maintenance  local:precise/wordpress-"), tabular);

        // a unit in an error state is the most severe
        state.units().setWorkflowState(blog1, "configure_error", "hook config-changed failed: exit code 1");
        yaml = run("status").assertOk().out();
        assertTrue(yaml.contains("    application-status:\n      current: error\n"
                + "      message: \"hook config-changed failed: exit code 1\"\n"), yaml);
        tabular = run("status", "--format", "tabular").assertOk().out();
        assertTrue(tabular.contains("blog     error   local:precise/wordpress-"), tabular);
    }

    @Test
    void port_ranges_and_icmp_are_shown_as_go_juju_writes_them() {
        deploy("local:wordpress", "blog").assertOk();
        UnitName blog0 = UnitName.parse("blog/0");
        state.units().openPort(blog0, new Port(8000, 8010, "tcp"));
        state.units().openPort(blog0, Port.icmp());
        state.units().openPort(blog0, new Port(80, "tcp"));
        assertEquals(java.util.Set.of(new Port(8000, 8010, "tcp"), Port.icmp(), new Port(80, "tcp")),
                state.units().ports(blog0), "as they were written");
        String yaml = run("status").assertOk().out();
        assertTrue(yaml.contains("        open-ports:\n        - icmp\n        - 80/tcp\n        - 8000-8010/tcp\n"), yaml);
        state.units().closePort(blog0, new Port(8000, 8010, "tcp"));
        assertEquals(java.util.Set.of(Port.icmp(), new Port(80, "tcp")), state.units().ports(blog0));
    }

    @Test
    void svg_needs_graphviz() {
        deploy("local:mysql").assertOk();
        Result svg = run("status", "--format", "svg");
        boolean installed = java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir.isEmpty() ? "." : dir, "dot")));
        if (installed) {
            assertTrue(svg.assertOk().out().contains("<svg"), svg.out());
        } else {
            assertEquals("jujube: svg status needs Graphviz's 'dot' command (apt-get install graphviz)", svg.assertFailure());
        }
        assertEquals(2, run("status", "--format", "png").code());
    }
}
