package jujube.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jujube.tls.internal.Keytool;

/**
 * The TLS files of an environment, in one directory (mode 0700, every file in it 0600): a certificate
 * authority of the environment's own, whose key ({@code ca.p12}) never leaves the directory and whose
 * certificate ({@code ca.pem}) is the one thing every client trusts; and the ZooKeeper server's key and
 * certificate, signed by it ({@code zookeeper.p12}), naming the addresses clients reach the server at as
 * its subject alternative names, which clients verify. Both key stores are PKCS#12 under one random
 * password ({@code keystore.password}). A second authority per environment, rather than a self-signed
 * server certificate, lets the server's certificate be made again (a new address) without touching
 * what the machines trust.
 *
 * @param dir the directory, {@code tls/} of the environment
 */
public record EnvironmentTls(Path dir) {
    /** An IP address or a host name: what may stand in a certificate's subject alternative names. */
    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.:-]{0,252}");
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    private static final String VALIDITY_DAYS = "3650";

    public EnvironmentTls {
        Objects.requireNonNull(dir, "dir");
        dir = dir.toAbsolutePath();
    }

    /** The authority's certificate (PEM): the trust store of every ZooKeeper client of the environment. */
    public Path caCertificate() {
        return dir.resolve("ca.pem");
    }

    /** The authority's key and certificate (PKCS#12). */
    public Path caKeyStore() {
        return dir.resolve("ca.p12");
    }

    /** The ZooKeeper server's key and certificate chain (PKCS#12). */
    public Path serverKeyStore() {
        return dir.resolve("zookeeper.p12");
    }

    /** The password of both key stores. */
    public Path passwordFile() {
        return dir.resolve("keystore.password");
    }

    /** Whether every file is there. */
    public boolean exists() {
        return Stream.of(caCertificate(), caKeyStore(), serverKeyStore(), passwordFile()).allMatch(Files::isRegularFile);
    }

    /**
     * Makes the authority and the server's certificate for {@code addresses} in {@code dir}, which must
     * not exist yet. Everything is made in a hidden directory beside it and renamed into place, so
     * {@code dir} exists only complete; the keys are made by the JDK's {@code keytool}.
     *
     * @param addresses the IP addresses and host names the server is reached at
     * @throws IllegalArgumentException when an address is not an IP address or a host name
     * @throws IOException when {@code dir} exists or a step fails, naming the step
     */
    public static EnvironmentTls create(Path dir, List<String> addresses) throws IOException {
        List<String> names = new ArrayList<>();
        for (String address : addresses) {
            if (address == null || !ADDRESS.matcher(address).matches()) {
                throw new IllegalArgumentException("'" + address + "' cannot name a server in a certificate:"
                        + " give an IP address or a host name");
            }
            names.add((address.matches("[0-9.]+|.*:.*") ? "ip:" : "dns:") + address);
        }
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a server certificate needs at least one address");
        }
        Path target = dir.toAbsolutePath();
        if (Files.exists(target)) {
            throw new IOException(target + " exists already");
        }
        Path parent = Files.createDirectories(target.getParent());
        Path work = Files.createTempDirectory(parent, "." + target.getFileName() + "-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            EnvironmentTls tls = new EnvironmentTls(work);
            tls.make(String.join(",", names));
            Files.move(work, target, StandardCopyOption.ATOMIC_MOVE);
            return new EnvironmentTls(target);
        } finally {
            if (Files.exists(work)) {
                try (Stream<Path> files = Files.list(work)) {
                    for (Path f : files.toList()) {
                        Files.delete(f);
                    }
                }
                Files.delete(work);
            }
        }
    }

    private void make(String subjectAlternativeNames) throws IOException {
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        Files.createFile(passwordFile(), PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        Files.write(passwordFile(), Base64.getUrlEncoder().withoutPadding().encodeToString(random)
                .getBytes(StandardCharsets.US_ASCII));
        Keytool keytool = Keytool.ofRunningJdk();
        String pass = passwordFile().toString();
        Path request = dir.resolve("zookeeper.csr");
        Path signed = dir.resolve("zookeeper.crt");
        Path chain = dir.resolve("zookeeper-chain.pem");
        // the two key pairs, then the request and the authority's certificate, are independent: in pairs
        keytool.all(
                List.of("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1",
                        "-dname", "CN=Jujube environment CA", "-ext", "bc:c", "-validity", VALIDITY_DAYS,
                        "-storetype", "PKCS12", "-keystore", caKeyStore().toString(), "-storepass:file", pass),
                List.of("-genkeypair", "-alias", "zookeeper", "-keyalg", "EC", "-groupname", "secp256r1",
                        "-dname", "CN=Jujube ZooKeeper", "-validity", VALIDITY_DAYS,
                        "-storetype", "PKCS12", "-keystore", serverKeyStore().toString(), "-storepass:file", pass));
        keytool.all(
                List.of("-certreq", "-alias", "zookeeper", "-keystore", serverKeyStore().toString(),
                        "-storepass:file", pass, "-file", request.toString()),
                List.of("-exportcert", "-rfc", "-alias", "ca", "-keystore", caKeyStore().toString(),
                        "-storepass:file", pass, "-file", caCertificate().toString()));
        keytool.all(List.of("-gencert", "-rfc", "-alias", "ca", "-keystore", caKeyStore().toString(),
                "-storepass:file", pass, "-infile", request.toString(), "-outfile", signed.toString(),
                "-validity", VALIDITY_DAYS, "-ext", "san=" + subjectAlternativeNames, "-ext", "eku=serverAuth",
                "-ext", "ku:c=digitalSignature"));
        // the signed certificate followed by the authority's: the server presents the whole chain
        Files.write(chain, (Files.readString(signed, StandardCharsets.US_ASCII)
                + Files.readString(caCertificate(), StandardCharsets.US_ASCII)).getBytes(StandardCharsets.US_ASCII));
        keytool.all(List.of("-importcert", "-noprompt", "-alias", "zookeeper", "-file", chain.toString(),
                "-keystore", serverKeyStore().toString(), "-storepass:file", pass));
        Files.delete(request);
        Files.delete(signed);
        Files.delete(chain);
        for (Path f : List.of(caCertificate(), caKeyStore(), serverKeyStore(), passwordFile())) {
            Files.setPosixFilePermissions(f, OWNER_ONLY);
        }
    }
}
