package jujube.hooks.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jujube.hooks.internal.FlushReport.SettingChange;
import org.junit.jupiter.api.Test;

/**
 * The operator's flush lines: every change is told, a value only when the environment asks for values
 * (log-setting-values), and a credential's value never.
 */
class FlushReportTest {
    @Test
    void by_default_only_keys_are_told() {
        assertEquals("Setting changed: 'database'", new SettingChange("db:0", "database", null, "wp").describe());
        assertEquals("Setting changed: 'host'", new SettingChange("db:0", "host", "10.0.0.1", "10.0.0.2").describe(false));
        assertEquals("Setting deleted: 'gone'", new SettingChange("db:0", "gone", "soon", null).describe());
    }

    @Test
    void ordinary_keys_show_their_values_when_the_environment_asks() {
        assertEquals("Setting changed: 'database'='wp' (was unset)",
                new SettingChange("db:0", "database", null, "wp").describe(true));
        assertEquals("Setting changed: 'host'='10.0.0.2' (was '10.0.0.1')",
                new SettingChange("db:0", "host", "10.0.0.1", "10.0.0.2").describe(true));
        assertEquals("Setting deleted: 'gone' (was 'soon')", new SettingChange("db:0", "gone", "soon", null).describe(true));
    }

    @Test
    void keys_named_like_secrets_show_that_they_changed_but_not_to_what() {
        assertEquals("Setting changed: 'password'=<not logged> (was unset)",
                new SettingChange("db:0", "password", null, "hunter2").describe(true));
        assertEquals("Setting changed: 'root-password'=<not logged> (was <not logged>)",
                new SettingChange("db:0", "root-password", "old", "new").describe(true));
        assertEquals("Setting deleted: 'API_KEY' (was <not logged>)",
                new SettingChange("db:0", "API_KEY", "k", null).describe(true));
        for (String key : new String[] {"secret", "auth-token", "ssh_private_key", "aws-access-key", "passwd"}) {
            String line = new SettingChange("db:0", key, "a-value", "b-value").describe(true);
            assertEquals("Setting changed: '" + key + "'=<not logged> (was <not logged>)", line);
        }
    }
}
