package jujube.cli.internal;

import com.fasterxml.jackson.core.JacksonException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import jujube.charm.YamlErrors;
import jujube.cli.CliException;
import jujube.provider.local.ContainerSettings;
import jujube.provider.local.EnvironmentDefinition;
import jujube.provider.local.EnvironmentFile;
import jujube.provider.local.InvalidEnvironmentException;
import jujube.provider.local.LocalLayout;
import jujube.provider.local.PidFiles;
import jujube.provider.local.PlacementPolicy;
import jujube.tls.EnvironmentTls;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.access.CredentialFiles;

/**
 * A local environment on disk, as the command line uses it: its name, its directory and its
 * {@link EnvironmentDefinition} (what it is: ZooKeeper, placement, machines, TLS, restart delays), which
 * {@link EnvironmentFile} alone reads from and writes to {@code environment.yaml}; and the rest of its
 * directory: {@code logs/}, {@code pids/}, {@code zookeeper/}, {@code machines/}, {@code containers/},
 * {@code charms/}, {@code tls/} (its certificates, with TLS), {@code ssh/} (the hosts of its machines on
 * other hosts and their keys), {@code secrets/}.
 *
 * @param name the environment's name, as the command line names it
 * @param dir its directory
 * @param definition what it is
 */
record LocalEnvironment(String name, Path dir, EnvironmentDefinition definition) {
    static final String FILE = EnvironmentFile.NAME;

    /** This environment with another definition. */
    LocalEnvironment with(EnvironmentDefinition other) {
        return new LocalEnvironment(name, dir, other);
    }

    /** Where new units go when no machine is named. */
    PlacementPolicy placement() {
        return definition.placement();
    }

    /** What the machines are when they are containers, else empty. */
    Optional<ContainerSettings> containers() {
        return definition.containers();
    }

    /** Whether ZooKeeper serves TLS only, with the certificates in {@code tls/}. */
    boolean tls() {
        return definition.tls();
    }

    /** The address the embedded ZooKeeper listens on ({@link EnvironmentDefinition#listenAddress()}). */
    String zookeeperAddress() {
        return definition.listenAddress();
    }

    /** Whether other hosts can reach the environment's ZooKeeper ({@link EnvironmentDefinition#servesOtherHosts()}). */
    boolean servesOtherHosts() {
        return definition.servesOtherHosts();
    }

    /** The environment's certificates. */
    EnvironmentTls certificates() {
        return new EnvironmentTls(dir.resolve("tls"));
    }

    /**
     * The certificates the dashboard is served with: ZooKeeper's when it serves TLS (their names cover the
     * same address), else an authority and a server certificate of the dashboard's own, made at bootstrap.
     */
    EnvironmentTls dashboardCertificates() {
        return tls() ? certificates() : new EnvironmentTls(dir.resolve("dashboard-tls"));
    }

    /** The dashboard's address, {@code https://ADDRESS:PORT/}; empty when the environment has no dashboard. */
    java.util.Optional<String> dashboardUrl() {
        if (definition.dashboardPort() == 0 || !embedded()) {
            return java.util.Optional.empty();
        }
        String host = zookeeperAddress().contains(":") ? "[" + zookeeperAddress() + "]" : zookeeperAddress();
        return java.util.Optional.of("https://" + host + ":" + definition.dashboardPort() + "/dashboard/");
    }

    /** Where the hosts of machines on other hosts and their keys are recorded. */
    Path sshDir() {
        return dir.resolve("ssh");
    }

    /** The environment's charm storage. */
    Path charms() {
        return dir.resolve("charms");
    }

    Path logs() {
        return LocalLayout.logs(dir);
    }

    /** The pid files of the environment's processes: the controller, the machines, their supervisors. */
    PidFiles pidFiles() {
        return new PidFiles(dir);
    }

    /** The environment's secrets, owner-only: the administrator's credentials. */
    Path secrets() {
        return dir.resolve("secrets");
    }

    /** The credentials the command line and the controller authenticate with ({@link CredentialFiles}). */
    Path adminCredentials() {
        return secrets().resolve("admin.yaml");
    }

    /** Machine {@code id}'s own directory: in the environment's, or on a container machine's disk. */
    Path machineDir(int id) {
        return LocalLayout.machineDir(dir, id, containers().isPresent());
    }

    /** The external ensemble when {@code environment.yaml} names one, else the embedded server. */
    String connectString() {
        return definition.connectString();
    }

    /** Whether the environment's ZooKeeper is the one its controller process embeds. */
    boolean embedded() {
        return definition.embedded();
    }

    /** The failure of a command that finds the environment but not its controller process. */
    CliException controllerNotRunning() {
        return new CliException("environment '" + name + "' exists but its controller is not running (logs in "
                + logs() + "); 'jujube bootstrap' restarts it, 'jujube destroy-environment' removes it");
    }

    /** How the command line connects: as the environment's administrator. */
    ConnectionConfig connection() {
        ConnectionConfig defaults = ConnectionConfig.of(connectString());
        List<Credential> admin;
        try {
            admin = CredentialFiles.read(adminCredentials());
        } catch (NoSuchFileException e) {
            throw new CliException("environment '" + name + "' has no administrator credentials (" + adminCredentials()
                    + " is missing): 'jujube bootstrap' makes them for an environment it starts or restarts");
        } catch (java.nio.file.AccessDeniedException e) {
            throw notAuthorized(name, dir);
        } catch (IOException e) {
            throw new CliException("cannot use the administrator credentials: " + e.getMessage(), e);
        }
        ConnectionConfig config = new ConnectionConfig(defaults.connectString(), defaults.sessionTimeout(),
                defaults.connectionTimeout(), definition.chroot(), admin);
        return tls() ? config.withTls(certificates().caCertificate()) : config;
    }

    /**
     * Makes the environment's directory owner-only, and the administrator's credentials unless they exist:
     * a new environment's, or one made before environments had them.
     *
     * @return whether the credentials were made now
     */
    boolean secure() {
        try {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            Files.createDirectories(secrets());
            Files.setPosixFilePermissions(secrets(), PosixFilePermissions.fromString("rwx------"));
            if (Files.exists(adminCredentials())) {
                return false;
            }
            CredentialFiles.write(adminCredentials(), List.of(Credential.generate(Credential.ADMIN)));
            return true;
        } catch (IOException e) {
            throw new CliException("cannot make the administrator credentials of '" + name + "': " + e.getMessage(), e);
        }
    }

    /** This user may not read the environment: it is its owner's alone (docs/security.md). */
    static CliException notAuthorized(String name, Path dir) {
        return new CliException("not authorized to use environment '" + name + "': " + dir + " is its owner's alone"
                + " (permission denied); run jujube as that user");
    }

    /**
     * Whether an environment is bootstrapped in {@code dir}.
     *
     * @throws CliException when this user may not look: the environment is another user's
     */
    static boolean exists(Path dir) {
        try {
            Files.readAttributes(dir.resolve(FILE), java.nio.file.attribute.BasicFileAttributes.class);
            return true;
        } catch (java.nio.file.AccessDeniedException e) {
            throw notAuthorized(dir.getFileName().toString(), dir);
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads the environment, failing with a line that says what to do when it is not there. */
    static LocalEnvironment load(String name, Path dir) {
        Path file = dir.resolve(FILE);
        try {
            Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (java.nio.file.AccessDeniedException e) {
            throw notAuthorized(name, dir);
        } catch (IOException e) {
            throw new CliException("environment '" + name + "' is not bootstrapped (no " + file + "): run 'jujube bootstrap'");
        }
        if (!Files.isReadable(file)) {
            throw notAuthorized(name, dir);
        }
        EnvironmentDefinition definition;
        try {
            definition = new EnvironmentFile(dir).read();
        } catch (InvalidEnvironmentException e) {
            throw new CliException(e.getMessage());
        } catch (jujube.files.CorruptFileException e) {
            // its message names the file and what is wrong with it
            throw new CliException(e.getMessage());
        } catch (JacksonException e) {
            throw new CliException(file + " is not valid YAML: " + YamlErrors.describe(e), e);
        } catch (IOException e) {
            throw new CliException(file + " cannot be read: " + e.getMessage(), e);
        }
        if (!definition.name().equals(name)) {
            // a file copied from another environment: its ZooKeeper settings are that environment's
            throw new CliException(file + ": 'name' is '" + shown(definition.name()) + "', but the environment is '"
                    + name + "' (a file from another environment? each environment's name is its directory's)");
        }
        return new LocalEnvironment(name, dir, definition);
    }

    private static String shown(String text) {
        return (text.length() <= 64 ? text : text.substring(0, 64) + "...").replaceAll("\\p{Cntrl}", "?");
    }

    /** Writes the environment's definition to its {@code environment.yaml}. */
    void save() {
        try {
            new EnvironmentFile(dir).write(definition);
        } catch (IOException e) {
            throw new CliException("cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }
}
