package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DESIGN section 3's promise on the real distribution: a rebuilt {@code jujube.hooks}, {@code jujube.process}
 * or {@code jujube.workflow} dropped into a running machine agent's {@code deploy/} folder is updated in
 * place; the unit agents deactivate, come back in their persisted state (started) without running any
 * hook, on either side of their relation (their relation presence is handed over to the reactivated agent,
 * so neither sees the other leave), and a relation change made right after is delivered. A rebuilt
 * {@code jujube.hooks.posixspawn} is updated without reactivating any unit agent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HotUpdateIT {
    /** Polls every 50 ms; what the test's own threads throw meanwhile is not the awaited condition. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(50));

    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    @AutoClose // destroys the environment after the class's tests
    private Environment env;
    private int mysqlUnits = 1;

    @BeforeAll
    void relatedUnitsStarted() throws Exception {
        env = Environment.bootstrap(SCRATCH.make("jujube-hotupdate"), "local");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:mysql");
        env.ok("deploy", "--repository", Environment.EXAMPLES.toString(), "local:wordpress", "blog");
        env.ok("add-relation", "blog", "mysql");
        // the handshake's last hooks: after them nothing is due until something changes
        env.awaitHookLine("blog/0", "db-relation-changed mysql/0 ready");
        env.awaitHookLine("mysql/0", "db-relation-changed blog/0 ready=true");
        // on a loaded host a last hook of the handshake may still be on its way: the tests compare the logs
        // before and after an update, so they start once neither log has grown for 3 s
        long[] quiet = {System.nanoTime(), 0};
        POLLING.await("the handshake's hooks done").atMost(Environment.CONVERGE).until(() -> {
            long lines = env.hookLog("blog/0").size() + env.hookLog("mysql/0").size();
            if (lines != quiet[1]) {
                quiet[0] = System.nanoTime();
                quiet[1] = lines;
            }
            return System.nanoTime() - quiet[0] >= java.util.concurrent.TimeUnit.SECONDS.toNanos(3);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"jujube.hooks", "jujube.process", "jujube.workflow"})
    void a_bundle_updated_live_reactivates_units_without_rerunning_hooks(String bundle) throws Exception {
        List<String> blogBefore = env.hookLog("blog/0");
        List<String> mysqlBefore = env.hookLog("mysql/0");
        long blogSyncs = occurrences("unit blog/0: synchronized in started");
        long mysqlSyncs = occurrences("unit mysql/0: synchronized in started");
        Path machine = env.dir().resolve("machines/machine-0");
        Path deployed = machine.resolve("deploy/" + bundle + ".jar");
        String next = bumped(BundleJars.version(deployed));

        BundleJars.redeploy(deployed, next);

        List<Path> cached = BundleJars.cachedBundles(machine.resolve("felix-cache"), bundle + ".jar");
        assertEquals(1, cached.size(), "one bundle installed from " + deployed + ": " + cached);
        POLLING.await(bundle + " updated in place to " + next).atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> BundleJars.revisions(cached.get(0)).contains(next),
                        () -> "last seen: " + BundleJars.revisions(cached.get(0)).toString()));
        POLLING.await("both unit agents reactivated in started").atMost(Environment.CONVERGE)
                .until(() -> occurrences("unit blog/0: synchronized in started") > blogSyncs
                        && occurrences("unit mysql/0: synchronized in started") > mysqlSyncs);
        assertEquals("started", env.unitStates().get("blog/0"));
        assertEquals("started", env.unitStates().get("mysql/0"));

        // a relation change right after: the new database unit is joined by blog/0, and nothing else runs
        String added = "mysql/" + mysqlUnits++;
        env.ok("add-unit", "mysql");
        env.awaitHookLine("blog/0", "db-relation-changed " + added + " ready");
        List<String> blogAfter = env.hookLog("blog/0");
        assertEquals(blogBefore, blogAfter.subList(0, blogBefore.size()), "blog/0's earlier hooks untouched");
        List<String> fresh = blogAfter.subList(blogBefore.size(), blogAfter.size());
        List<String> ofAdded = fresh.stream().filter(l -> l.contains(" " + added)).toList();
        assertEquals("db-relation-joined " + added, ofAdded.get(0), "the new unit joined first: " + fresh);
        assertTrue(ofAdded.subList(1, ofAdded.size()).stream().allMatch(l -> l.startsWith("db-relation-changed " + added)),
                fresh.toString());
        assertEquals(List.of(), fresh.stream().filter(l -> !l.contains(" " + added)).toList(),
                "blog/0 ran no hook because of the update, only those of " + added);
        List<String> mysqlAfter = env.hookLog("mysql/0");
        assertEquals(mysqlBefore, mysqlAfter, "mysql/0 ran no hook because of the update");
        POLLING.await("every unit started").atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> env.unitStates().values().stream().allMatch("started"::equals),
                        () -> "last seen: " + env.unitStates().toString()));
    }

    /**
     * The native hook spawner's bundle updated live: while it is stopped the invoker starts hooks through the
     * JDK, then through the new revision's spawner, and no unit agent is reactivated.
     */
    @Test
    void the_native_spawner_updated_live_hands_hooks_over_without_reactivating_units() throws Exception {
        long blogSyncs = occurrences("unit blog/0: synchronized in started");
        long toJdk = occurrences("hooks are started by the JDK spawner");
        long toNative = occurrences("hooks are started by the posix_spawn spawner");
        Path machine = env.dir().resolve("machines/machine-0");
        Path deployed = machine.resolve("deploy/jujube.hooks.posixspawn.jar");
        String next = bumped(BundleJars.version(deployed));

        BundleJars.redeploy(deployed, next);

        List<Path> cached = BundleJars.cachedBundles(machine.resolve("felix-cache"), "jujube.hooks.posixspawn.jar");
        POLLING.await("jujube.hooks.posixspawn updated in place to " + next).atMost(Environment.CONVERGE)
                .untilAsserted(() -> assertTrue(() -> BundleJars.revisions(cached.get(0)).contains(next),
                        () -> "last seen: " + BundleJars.revisions(cached.get(0)).toString()));
        POLLING.await("hooks handed to the JDK's spawner and back").atMost(Environment.CONVERGE)
                .until(() -> occurrences("hooks are started by the JDK spawner") > toJdk
                        && occurrences("hooks are started by the posix_spawn spawner") > toNative);
        String added = "mysql/" + mysqlUnits++;
        env.ok("add-unit", "mysql");
        env.awaitHookLine("blog/0", "db-relation-changed " + added + " ready");
        assertEquals(blogSyncs, occurrences("unit blog/0: synchronized in started"), "blog/0 was not reactivated");
    }

    private long occurrences(String text) {
        Matcher m = Pattern.compile(Pattern.quote(text)).matcher(env.machineLog(0));
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The next micro version, as a rebuilt bundle would carry: 1.0.1.SNAPSHOT becomes 1.0.2.hotfix. */
    private static String bumped(String version) {
        String[] parts = version.split("\\.");
        return parts[0] + "." + parts[1] + "." + (Integer.parseInt(parts[2]) + 1) + ".hotfix";
    }
}
