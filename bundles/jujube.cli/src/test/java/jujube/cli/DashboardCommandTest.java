package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.access.DashboardToken;
import org.junit.jupiter.api.Test;

/** {@code jujube dashboard}: the address and a login the controller accepts, for as long as asked. */
class DashboardCommandTest extends CliFixture {
    private static final Pattern LOGIN = Pattern.compile("login: +(https://127\\.0\\.0\\.1:40443/dashboard/)login\\?token=(\\S+)");

    private void withDashboard() throws Exception {
        Path file = home.resolve("environments").resolve(envName).resolve("environment.yaml");
        Files.writeString(file, Files.readString(file) + "dashboard-port: 40443\n");
    }

    @Test
    void prints_the_address_and_a_login_of_the_administrator_that_expires() throws Exception {
        withDashboard();
        String out = run("dashboard", "--expires", "1h").assertOk().out();
        assertTrue(out.startsWith("dashboard: https://127.0.0.1:40443/dashboard/\n"), out);
        Matcher login = LOGIN.matcher(out);
        assertTrue(login.find(), out);
        String token = login.group(2);
        assertTrue(DashboardToken.valid(token, admin, Instant.now(), Duration.ofHours(24)));
        assertFalse(DashboardToken.valid(token, admin, Instant.now().plus(Duration.ofMinutes(61)), Duration.ofHours(24)),
                "expired after the hour asked");
        assertFalse(DashboardToken.valid(token, jujube.access.Credential.generate("admin"), Instant.now(),
                Duration.ofHours(24)), "another administrator's");
    }

    @Test
    void refuses_a_login_longer_than_the_controller_accepts() throws Exception {
        withDashboard();
        assertEquals("jujube: --expires must be at most 24h, got '25h'", run("dashboard", "--expires", "25h").assertFailure());
        assertTrue(run("dashboard", "--expires", "soon").assertFailure().contains("--expires must be a positive duration"));
    }

    @Test
    void says_when_the_environment_has_no_dashboard() {
        assertTrue(run("dashboard").assertFailure().contains("has no dashboard"));
    }
}
