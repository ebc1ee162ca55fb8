package jujube.itests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import jujube.state.ConnectionConfig;
import jujube.access.Credential;
import jujube.access.CredentialFiles;
import jujube.state.StateConnection;
import org.apache.curator.framework.AuthInfo;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;

/**
 * An environment's administrator, for the tests that lay an environment out themselves (agents started by
 * hand, an external ensemble) or look into its ZooKeeper: the credentials bootstrap keeps in
 * {@code secrets/admin.yaml}, and what the provider hands a machine it starts.
 */
final class Administrator {
    private Administrator() {}

    /** Makes the administrator's credentials of the environment in {@code envDir}, as bootstrap does. */
    static List<Credential> create(Path envDir) throws IOException {
        Files.createDirectories(envDir.resolve("secrets"));
        Files.setPosixFilePermissions(envDir.resolve("secrets"), PosixFilePermissions.fromString("rwx------"));
        List<Credential> admin = List.of(Credential.generate(Credential.ADMIN));
        CredentialFiles.write(envDir.resolve("secrets/admin.yaml"), admin);
        return admin;
    }

    /** The administrator's credentials of the environment in {@code envDir}. */
    static List<Credential> of(Path envDir) throws IOException {
        return CredentialFiles.read(envDir.resolve("secrets/admin.yaml"));
    }

    /** How the administrator of the environment in {@code envDir} reaches ZooKeeper at {@code connect}. */
    static ConnectionConfig connection(String connect, Path envDir) throws IOException {
        return ConnectionConfig.of(connect).withCredentials(of(envDir));
    }

    /** A bare client of ZooKeeper at {@code connect} authenticated with {@code credentials}; started. */
    static CuratorFramework raw(String connect, List<Credential> credentials) {
        CuratorFramework c = CuratorFrameworkFactory.builder().connectString(connect).sessionTimeoutMs(10_000)
                .connectionTimeoutMs(5000).retryPolicy(new RetryOneTime(200))
                .authorization(credentials.stream().map(a -> new AuthInfo("digest",
                        (a.principal() + ":" + a.secret()).getBytes(StandardCharsets.UTF_8))).toList())
                .build();
        c.start();
        return c;
    }

    /** Hands machine {@code machineId} a one-time credential in {@code dataDir}, as its provider would. */
    static void handOneTimeCredential(StateConnection admin, int machineId, Path dataDir) throws IOException {
        CredentialFiles.writeOneTime(dataDir.resolve(CredentialFiles.ONE_TIME),
                admin.access().issueOneTimeCredential(machineId));
    }
}
