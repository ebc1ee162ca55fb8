package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import jujube.hooks.HookResult;
import org.junit.jupiter.api.Test;

/**
 * The operator's proxy settings ({@code jujube set-env http-proxy=...}) reach hooks under the names tools
 * read, and a change reaches the hooks that start after it.
 */
class ProxyEnvironmentTest extends ContextRunnerFixture {
    @Test
    void hooks_get_the_environments_proxies_as_set_when_they_start() throws Exception {
        env.hook("config-changed", "env | grep -i _proxy= | sort > \"$OUT/proxies\"");
        HookFixture.Recording output = new HookFixture.Recording();
        assertEquals(new HookResult.Succeeded(), runner.run("config-changed", Optional.empty(), output));
        assertEquals("", env.out("proxies"), "nothing set, nothing given");

        env.state.environmentConfig().set(Map.of("http-proxy", "http://squid.internal:3128", "no-proxy", "localhost,10.0.0.0/8"));
        String expected = "HTTP_PROXY=http://squid.internal:3128\nNO_PROXY=localhost,10.0.0.0/8\n"
                + "http_proxy=http://squid.internal:3128\nno_proxy=localhost,10.0.0.0/8\n";
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        String seen;
        do { // the change reaches the runner through its watch
            assertEquals(new HookResult.Succeeded(), runner.run("config-changed", Optional.empty(), output));
            seen = env.out("proxies");
        } while (!seen.equals(expected) && System.nanoTime() < deadline);
        assertEquals(expected, seen);

        env.state.environmentConfig().set(java.util.Collections.singletonMap("http-proxy", null));
        deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        do {
            assertEquals(new HookResult.Succeeded(), runner.run("config-changed", Optional.empty(), output));
            seen = env.out("proxies");
        } while (seen.contains("http_proxy") && System.nanoTime() < deadline);
        assertFalse(seen.contains("http_proxy"), seen);
        assertTrue(seen.contains("no_proxy=localhost,10.0.0.0/8"), seen);
    }

    @Test
    void the_first_hook_of_a_new_runner_already_has_them() throws Exception {
        env.state.environmentConfig().set(Map.of("https-proxy", "http://squid.internal:3129"));
        runner.close();
        runner = ContextUnitHookRunner.start(env.setup(ProcessServices.invoker(Duration.ofSeconds(20),
                Duration.ofMillis(200))), ProcessServices.records(), log, SocketPaths.standard());
        env.hook("install", "env | grep -i _proxy= | sort > \"$OUT/proxies\"");
        assertEquals(new HookResult.Succeeded(), runner.run("install", Optional.empty(), new HookFixture.Recording()));
        assertEquals("HTTPS_PROXY=http://squid.internal:3129\nhttps_proxy=http://squid.internal:3129\n", env.out("proxies"));
    }
}
