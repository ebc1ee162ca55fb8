package jujube.agent.unit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import jujube.spi.RelationScopeHandler;
import jujube.testkit.Polling;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The component driven as SCR would drive it (constructor, bind, activate, modified, deactivate), with the
 * real relation lifecycles: the machine agent's configuration contract, retirement by {@code @Modified}.
 */
class UnitAgentComponentTest extends UnitAgentTestBase {
    /** Waits for what the unit agent does in its own threads: every 10 ms for up to 20 s. */
    private static final ConditionFactory POLLING = Polling.every(Duration.ofMillis(10)).atMost(Duration.ofSeconds(20));

    private UnitAgentComponent component;

    /** The global scope's rule: every unit of the relation but oneself. */
    private static final RelationScopeHandler GLOBAL = new RelationScopeHandler() {
        @Override
        public String scope() {
            return "global";
        }

        @Override
        public Set<String> visible(String self, String selfContainer, Map<String, String> candidates) {
            Set<String> all = new TreeSet<>(candidates.keySet());
            all.remove(self);
            return all;
        }
    };

    /** Before the fixture closes: the component's agent runs on the fixture's connection. */
    @AfterEach
    void deactivate() {
        if (component != null) {
            component.deactivate();
        }
    }

    @Test
    void a_configured_agent_starts_its_unit_and_retires_when_the_machine_agent_says_so() {
        Map<String, Object> properties = new HashMap<>(Map.of("unitName", "blog/0",
                "unitDir", fx.unitDir.toString(), "charmDir", fx.unitDir.resolve("charm").toString(),
                "machineId", "0", "charmStorageDir", fx.storageDir.toString(), "hookRetries", 0));
        component = new UnitAgentComponent(fx.state, fx.invoker, fx.executors, HookServices.runners(), config(properties));
        component.addScopeHandler(GLOBAL, Map.of(RelationScopeHandler.SCOPE, "global",
                "service.id", 1L, "service.ranking", 0));
        component.activate();

        POLLING.await("started").until(() -> "started".equals(component.workflowState()));
        POLLING.await("connected").until(component::isConnected);
        assertEquals("blog/0", component.unitName());
        assertEquals(List.of("install", "config-changed", "start"), fx.hookLog());

        properties.put("retire", true);
        component.modified(config(properties));

        POLLING.await("retired").until(component::isRetired);
        assertEquals("stop", fx.hookLog().get(3));
        assertTrue(Files.exists(fx.unitDir.resolve("state").resolve("retired")));
        assertEquals("stopped", fx.replicatedState());
    }

    @Test
    void a_change_other_than_retire_is_named_for_the_next_activation() {
        Map<String, Object> properties = new HashMap<>(Map.of("unitName", "blog/0",
                "unitDir", fx.unitDir.toString(), "charmStorageDir", fx.storageDir.toString()));
        UnitAgentSettings running = UnitAgentSettings.of(config(properties));
        properties.put("retire", true);
        assertEquals(List.of(), UnitAgentSettings.of(config(properties)).differencesFrom(running));

        properties.put("hookTimeoutSeconds", 30L);
        properties.put("hookRetryDelayMs", 100L);
        properties.put("unitDir", fx.unitDir.resolve("elsewhere").toString());
        assertEquals(List.of("unitDir", "charmDir", "hookRetryDelayMs", "hookTimeoutSeconds"),
                UnitAgentSettings.of(config(properties)).differencesFrom(running));
    }

    /** A configuration annotation backed by a map, defaults from the annotation type, as SCR makes one. */
    private static UnitAgentConfig config(Map<String, Object> properties) {
        return (UnitAgentConfig) Proxy.newProxyInstance(UnitAgentConfig.class.getClassLoader(),
                new Class<?>[] {UnitAgentConfig.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class || method.getDeclaringClass() == Annotation.class) {
                        return method.getName().equals("annotationType") ? UnitAgentConfig.class : null;
                    }
                    Object value = properties.get(method.getName());
                    return value != null ? value : method.getDefaultValue();
                });
    }
}
