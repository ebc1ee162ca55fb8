package jujube.access;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DashboardTokenTest {
    private static final Credential ADMIN = Credential.generate(Credential.ADMIN);
    private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000L);
    private static final Duration DAY = Duration.ofHours(24);

    @Test
    void acceptsATokenOfTheSameCredentialUntilItExpires() {
        String token = DashboardToken.issue(ADMIN, NOW.plus(DAY)).text();
        assertTrue(DashboardToken.valid(token, ADMIN, NOW, DAY));
        assertTrue(DashboardToken.valid(token, ADMIN, NOW.plus(DAY).minusSeconds(1), DAY));
        assertFalse(DashboardToken.valid(token, ADMIN, NOW.plus(DAY), DAY));
    }

    @Test
    void refusesAnotherCredentialsToken() {
        String token = DashboardToken.issue(Credential.generate(Credential.ADMIN), NOW.plus(DAY)).text();
        assertFalse(DashboardToken.valid(token, ADMIN, NOW, DAY));
    }

    @Test
    void refusesAChangedExpiry() {
        String token = DashboardToken.issue(ADMIN, NOW.plusSeconds(60)).text();
        String later = (NOW.getEpochSecond() + 3600) + token.substring(token.indexOf('.'));
        assertFalse(DashboardToken.valid(later, ADMIN, NOW, DAY));
    }

    @Test
    void refusesATokenLivingLongerThanAccepted() {
        String token = DashboardToken.issue(ADMIN, NOW.plus(Duration.ofDays(30))).text();
        assertFalse(DashboardToken.valid(token, ADMIN, NOW, DAY));
    }

    @Test
    void refusesMalformedInput() {
        assertFalse(DashboardToken.valid(null, ADMIN, NOW, DAY));
        assertFalse(DashboardToken.valid("", ADMIN, NOW, DAY));
        assertFalse(DashboardToken.valid("x".repeat(10_000), ADMIN, NOW, DAY));
        assertFalse(DashboardToken.valid("1900000000.abc", ADMIN, NOW, DAY));
    }

    @Test
    void neverShowsTheMac() {
        DashboardToken token = DashboardToken.issue(ADMIN, NOW.plus(DAY));
        assertFalse(token.toString().contains(token.mac()));
    }
}
