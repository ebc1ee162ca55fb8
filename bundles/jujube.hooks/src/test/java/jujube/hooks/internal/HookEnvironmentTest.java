package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import jujube.hooks.HookInvocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The variables every hook gets, as the original's invoker set them. */
class HookEnvironmentTest {
    @TempDir
    Path root;

    @Test
    void path_is_the_tools_then_the_agents_own_path() throws Exception {
        HookFixture charm = new HookFixture(root);

        Map<String, String> env = HookEnvironment.of(charm.invocation("install"), "/opt/agent/bin:/usr/bin:/bin");

        assertEquals(charm.toolsDir + ":/opt/agent/bin:/usr/bin:/bin", env.get("PATH"));
    }

    @Test
    void an_agent_without_path_gives_hooks_the_system_directories() throws Exception {
        HookFixture charm = new HookFixture(root);

        assertEquals(charm.toolsDir + ":" + HookEnvironment.SYSTEM_PATH, HookEnvironment.of(charm.invocation("install"), null).get("PATH"));
        assertEquals(charm.toolsDir + ":" + HookEnvironment.SYSTEM_PATH, HookEnvironment.of(charm.invocation("install"), "").get("PATH"));
    }

    @Test
    void apt_asks_nothing_and_the_charm_cannot_change_that() throws Exception {
        HookInvocation invocation = new HookFixture(root).invocation("install").withExtraEnv(Map.of(
                "DEBIAN_FRONTEND", "dialog", "APT_LISTCHANGES_FRONTEND", "pager", "PATH", "/evil"));

        Map<String, String> env = HookEnvironment.of(invocation, "/usr/bin:/bin");

        assertEquals("noninteractive", env.get("DEBIAN_FRONTEND"));
        assertEquals("none", env.get("APT_LISTCHANGES_FRONTEND"));
        assertEquals(invocation.toolsDir() + ":/usr/bin:/bin", env.get("PATH"));
    }
}
