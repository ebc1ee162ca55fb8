package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import jujube.agent.unit.internal.RelationLifecyclesFixture.Agent;
import jujube.hooks.UnitHookRunner;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitName;
import jujube.testkit.Polling;
import jujube.testkit.ZooKeeperServer;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A relation hook whose effects were persisted and applied, but whose queue step was not committed when
 * the agent died, is not run again after the restart: its stored effects are applied again (a no-op)
 * and the step committed, so a counter the hook increments ends at 1.
 */
class RelationHookExactlyOnceTest {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    @RegisterExtension
    static final ZooKeeperServer ZK = new ZooKeeperServer();
    @TempDir
    Path root;
    private RelationLifecyclesFixture fx;

    @AfterEach
    void close() throws Exception {
        if (fx != null) {
            fx.close();
        }
    }

    @Test
    void a_hook_that_ran_before_a_crash_between_apply_and_commit_is_not_run_again() throws Exception {
        fx = new RelationLifecyclesFixture(ZK, root);
        RelationInfo db = fx.related("mysql", RelationScope.GLOBAL,
                new RelationEndpoint("wordpress", "db", RelationRole.CLIENT),
                new RelationEndpoint("mysql", "db", RelationRole.SERVER));
        UnitName wp = fx.unit("wordpress");
        UnitName m0 = fx.unit("mysql");

        CountDownLatch crashed = new CountDownLatch(1);
        AtomicBoolean once = new AtomicBoolean();
        Agent first = fx.agent(wp, runner -> dyingAfterFirstApply(runner, once, crashed), "db");
        counterHook(wp, "db-relation-joined");
        first.executor().start();
        first.relations().start(true);
        fx.join(db.id(), m0);
        if (!crashed.await(20, TimeUnit.SECONDS)) {
            throw new AssertionError("the joined hook never reached its commit");
        }
        first.close(); // the agent is gone: the scheduler's retry finds it closed
        assertEquals(List.of("db-relation-joined mysql/0"), fx.log());
        assertEquals("1", count(db, wp, m0), "the effects were applied before the crash");

        Agent second = fx.agent(wp, "db");
        counterHook(wp, "db-relation-joined");
        second.executor().start();
        second.relations().start(true);
        POLLING.await("changed after the recovered joined").until(() -> fx.log().size() >= 2);
        assertEquals(List.of("db-relation-joined mysql/0", "db-relation-changed mysql/0 mysql/0"), fx.log());
        assertEquals("1", count(db, wp, m0), "the joined hook's effects were committed once");
    }

    /**
     * The runner, except that its first {@code apply} applies the effects and then throws, as if the agent
     * had been killed right after applying them, before the queue step was committed.
     */
    private static UnitHookRunner dyingAfterFirstApply(UnitHookRunner runner, AtomicBoolean once,
            CountDownLatch crashed) {
        return (UnitHookRunner) Proxy.newProxyInstance(UnitHookRunner.class.getClassLoader(),
                new Class<?>[] {UnitHookRunner.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(runner, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("apply") && once.compareAndSet(false, true)) {
                        crashed.countDown();
                        throw new IllegalStateException("simulated kill -9 between apply and commit");
                    }
                    return result;
                });
    }

    private String count(RelationInfo db, UnitName wp, UnitName reader) {
        Object value = fx.state.relations().of(db.id(), reader).settingsOf(wp).values().get("count");
        return value == null ? null : value.toString();
    }

    /** Replaces the fixture's hook by one that logs itself and increments {@code count} in its settings. */
    private void counterHook(UnitName unit, String name) throws Exception {
        Path hook = root.resolve("units").resolve(unit.service() + "-" + unit.number()).resolve("charm")
                .resolve("hooks").resolve(name);
        Files.writeString(hook, "#!/bin/sh\nset -e\n"
                + "echo \"" + name + " $JUJU_REMOTE_UNIT\" >> '" + fx.out + "/log'\n"
                + "n=$(relation-get count \"$JUJU_UNIT_NAME\")\n"
                + "relation-set count=$(( ${n:-0} + 1 ))\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwx------"));
    }
}
