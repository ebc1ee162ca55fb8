package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import jujube.hooks.UnitHookSetup;
import jujube.hooks.tools.JavaFallback;
import jujube.model.CharmRecord;
import jujube.model.UnitInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a hook is told of where it runs: Go juju 3's model, machine and principal variables. */
class HookModelTest extends ContextRunnerFixture {
    @TempDir
    Path subordinateRoot;

    @Test
    void a_principal_is_told_its_model_and_machine_and_no_principal() throws Exception {
        ContextUnitHookRunner onMachine = ContextUnitHookRunner.start(env.setup(ProcessServices.invoker(
                java.time.Duration.ofSeconds(20), java.time.Duration.ofMillis(200))).onMachine("3"),
                ProcessServices.records(), log, SocketPaths.standard());
        try {
            env.hook("install", "env > \"$OUT/env\"");
            onMachine.charmChanged("local:precise/wordpress-3"); // as the unit agent does at its start

            assertTrue(onMachine.run("install", Optional.empty()).isSuccess());

            Map<String, String> hookEnv = parse(env.out("env"));
            Map<String, Object> environment = env.state.environmentConfig().get();
            assertEquals(environment.get("name"), hookEnv.get("JUJU_MODEL_NAME"));
            assertEquals(environment.get("uuid"), hookEnv.get("JUJU_MODEL_UUID"), "the UUID bootstrap wrote");
            assertEquals("3", hookEnv.get("JUJU_MACHINE_ID"));
            assertEquals("", hookEnv.get("JUJU_PRINCIPAL_UNIT"));
        } finally {
            onMachine.close();
        }
    }

    @Test
    void a_subordinate_is_told_its_principal_also_when_its_agent_named_the_charm_first() throws Exception {
        env.state.charms().publish(new CharmRecord("local:precise/logging-1", "file:///c/logging", "sha-l",
                Map.of("name", "logging", "summary", "s", "description", "d", "subordinate", true,
                        "requires", Map.of("juju-info", Map.of("interface", "juju-info", "scope", "container"))),
                Map.of()));
        env.state.services().add("logging", "local:precise/logging-1");
        env.state.relations().add("juju-info", jujube.model.RelationScope.CONTAINER, java.util.List.of(
                new jujube.model.RelationEndpoint("wordpress", "juju-info", jujube.model.RelationRole.SERVER),
                new jujube.model.RelationEndpoint("logging", "juju-info", jujube.model.RelationRole.CLIENT)));
        UnitInfo logging = env.state.units().addSubordinate("logging", UnitFixture.WORDPRESS);
        Path unitDir = Files.createDirectories(subordinateRoot.resolve("logging-0"));
        Path charmDir = Files.createDirectories(unitDir.resolve("charm").resolve("hooks")).getParent();
        Path hook = charmDir.resolve("hooks").resolve("install");
        Files.writeString(hook, "#!/bin/sh\nenv > '" + env.outDir.resolve("sub-env") + "'\n");
        hook.toFile().setExecutable(true, true);
        UnitHookSetup setup = new UnitHookSetup(env.state.unit(logging.name()), ProcessServices.invoker(
                java.time.Duration.ofSeconds(20), java.time.Duration.ofMillis(200)), unitDir, charmDir,
                new ObjectMapper(), JavaFallback.fromRuntime()).onMachine("0");
        ContextUnitHookRunner subordinate = ContextUnitHookRunner.start(setup, ProcessServices.records(), log,
                SocketPaths.standard());
        try {
            subordinate.charmChanged("local:precise/logging-1");

            assertTrue(subordinate.run("install", Optional.empty()).isSuccess());

            Map<String, String> hookEnv = parse(env.out("sub-env"));
            assertEquals("wordpress/0", hookEnv.get("JUJU_PRINCIPAL_UNIT"));
            assertEquals("0", hookEnv.get("JUJU_MACHINE_ID"));
        } finally {
            subordinate.close();
        }
    }

    private static Map<String, String> parse(String env) {
        return env.lines().filter(l -> l.contains("=")).collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')),
                l -> l.substring(l.indexOf('=') + 1), (a, b) -> b));
    }
}
