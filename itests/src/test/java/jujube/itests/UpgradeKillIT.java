package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import jujube.files.FileDigests;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code kill -9} of a machine agent in the middle of an update of its bundles, once every new jar is in
 * place and the agent checks that the framework runs them: the restarted agent starts on the whole new set,
 * goes on checking, and answers the rollout, which completes; its units work with the new bundles. The
 * controller's own changed bundle is updated the same way, last.
 */
class UpgradeKillIT {
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(20));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();
    @AutoClose
    private Environment env;

    @Test
    void a_machine_agent_killed_mid_update_comes_back_on_the_whole_new_set() throws Exception {
        Path home = SCRATCH.make("jujube-upgrade-kill");
        env = Environment.bootstrap(home, "upkill");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        env.awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
        Path dist = Path.of(System.getProperty("jujube.itest.dist"));
        Path hooks = home.resolve("jujube.hooks.jar");
        BundleJars.variant(dist.resolve("features/machine-agent/bundles/jujube.hooks.jar"), hooks, "99.1.0",
                Map.of("jujube/hooks/internal/ProcessHookInvoker.class", Map.of("hook={}: running", "hook={}: RUNNING")));
        Path workflow = home.resolve("jujube.workflow.jar");
        BundleJars.variant(dist.resolve("features/machine-agent/bundles/jujube.workflow.jar"), workflow, "99.1.0", Map.of());
        Path provisioning = home.resolve("jujube.agent.provisioning.jar");
        BundleJars.variant(dist.resolve("features/controller/bundles/jujube.agent.provisioning.jar"), provisioning,
                "99.1.0", Map.of());
        Path next = DistributionVariants.variant(dist, home.resolve("dist-next"), "99.1.0",
                Map.of("jujube.hooks.jar", hooks, "jujube.workflow.jar", workflow,
                        "jujube.agent.provisioning.jar", provisioning));

        Path machine = env.machineDir(0);
        Path phase = machine.resolve("bundle-update/phase");
        CompletableFuture<Distribution.Run> upgrade = CompletableFuture.supplyAsync(() -> {
            try {
                return env.run("upgrade-agents", "--dist", next.toString());
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
        POLLING.await("machine 0 checks the new set").atMost(Duration.ofSeconds(120))
                .until(() -> Files.exists(phase) && Files.readString(phase).startsWith("VERIFYING"));
        long before = env.machinePid(0);
        ProcessHandle.of(before).orElseThrow().destroyForcibly();
        env.awaitMachineRestarted(0, before);

        Distribution.Run done = upgrade.get(200, TimeUnit.SECONDS);
        assertTrue(env.machineLog(0).contains("going on checking the update to request"),
                "the restarted agent went on with the update it found in progress");
        assertEquals(0, done.exit(), done.out() + done.err());
        assertTrue(done.out().endsWith("controller: upgraded to 99.1.0\nupgrade to 99.1.0 complete: 2 agents upgraded\n"),
                "the controller last: " + done.out());
        assertEquals("99.1.0", env.status().path("controller").path("agent-version").asText());
        assertEquals(FileDigests.sha256(hooks), FileDigests.sha256(machine.resolve("deploy/jujube.hooks.jar")));
        assertEquals(FileDigests.sha256(workflow), FileDigests.sha256(machine.resolve("deploy/jujube.workflow.jar")));
        assertEquals("99.1.0", env.status().path("machines").path("0").path("agent-version").asText());
        env.ok("set", "blog", "title=after the kill");
        POLLING.await("the new hook runner at work").atMost(Environment.CONVERGE)
                .until(() -> env.machineLog(0).contains("hook=config-changed: RUNNING"));
        env.awaitUnits(Map.of("mysql/0", "started", "blog/0", "started"));
    }
}
