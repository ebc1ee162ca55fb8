package jujube.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import jujube.access.Credential;
import jujube.access.CredentialFiles;
import jujube.access.DashboardToken;
import jujube.cli.CliException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jujube dashboard}: the controller's dashboard address, its certificate authority and an address
 * that logs a browser in, with a token made from the administrator's credential that expires. Reaches
 * nothing but the environment's own files: it works whether the controller runs or not.
 */
@Command(name = "dashboard", description = "Print the address of the environment's live dashboard and a login.")
public final class DashboardCommand implements Callable<Integer> {
    /** The longest a token may be asked for: the controller refuses longer ones (jujube.dashboard.cfg). */
    static final Duration MAX_LIFETIME = Duration.ofHours(24);

    @Spec
    CommandSpec spec;

    @Mixin
    EnvironmentOption environment;

    @Option(names = "--expires", defaultValue = "24h", description = "How long the login is valid: 30m, 8h ... at most 24h.")
    String expires;

    @Override
    public Integer call() throws IOException {
        if (!LocalEnvironment.exists(environment.dir())) {
            throw new CliException("environment '" + environment.name() + "' does not exist; bootstrap it first");
        }
        LocalEnvironment env = LocalEnvironment.load(environment.name(), environment.dir());
        String url = env.dashboardUrl().orElseThrow(() -> new CliException("environment '" + env.name()
                + "' has no dashboard (bootstrapped before it existed, or on an external ZooKeeper)"));
        Duration lifetime = Durations.parse(expires, "--expires", CliException::new);
        if (lifetime.compareTo(MAX_LIFETIME) > 0) {
            throw new CliException("--expires must be at most 24h, got '" + expires + "'");
        }
        Credential admin = CredentialFiles.read(env.adminCredentials()).stream().filter(Credential::isAdmin).findFirst()
                .orElseThrow(() -> new CliException(env.adminCredentials() + " holds no administrator credential"));
        DashboardToken token = DashboardToken.issue(admin, Instant.now().plus(lifetime));
        PrintWriter out = spec.commandLine().getOut();
        out.println("dashboard: " + url);
        var ca = env.dashboardCertificates().caCertificate();
        if (Files.exists(ca)) {
            out.println("authority: " + ca + " (the certificate the browser should trust)");
        }
        out.println("login:     " + url + "login?token=" + token.text());
        out.println("expires:   " + token.expires());
        out.flush();
        return 0;
    }
}
