package jujube.dashboard.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import jujube.access.Credential;
import jujube.access.CredentialFiles;
import jujube.access.DashboardToken;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Who may see the dashboard: a request whose cookie (set by {@link LoginServlet}) holds a valid token of the
 * administrator's credential ({@link DashboardToken}). Every servlet of the dashboard asks it first.
 */
@Component(service = Gate.class, configurationPid = "jujube.dashboard",
        configurationPolicy = org.osgi.service.component.annotations.ConfigurationPolicy.REQUIRE)
@Designate(ocd = DashboardConfig.class)
public final class Gate {
    static final String COOKIE = "jujube-dashboard";
    private final Credential admin;
    private final Duration lifetime;
    private final Clock clock;

    @Activate
    public Gate(DashboardConfig config) throws IOException {
        this(CredentialFiles.read(Path.of(config.credentialsFile())).stream().filter(Credential::isAdmin).findFirst()
                .orElseThrow(() -> new IOException(config.credentialsFile() + " holds no administrator credential")),
                Duration.ofHours(Math.max(1, config.tokenLifetimeHours())), Clock.systemUTC());
    }

    Gate(Credential admin, Duration lifetime, Clock clock) {
        this.admin = admin;
        this.lifetime = lifetime;
        this.clock = clock;
    }

    /** Whether {@code token} lets its holder in now. */
    boolean accepts(String token) {
        return DashboardToken.valid(token, admin, clock.instant(), lifetime);
    }

    /**
     * Whether {@code request} carries a valid token; when not, answers 401 with one line and the caller
     * must stop.
     */
    boolean admit(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (COOKIE.equals(c.getName()) && accepts(c.getValue())) {
                    return true;
                }
            }
        }
        refuse(response);
        return false;
    }

    static void refuse(HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setContentType("text/plain;charset=utf-8");
        response.getWriter().println("not logged in: open the address 'jujube dashboard' prints (its token may have expired)");
    }
}
