package jujube.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentTlsTest {
    @TempDir
    Path dir;

    @Test
    void the_server_certificate_is_signed_by_the_authority_for_every_address_and_the_files_are_the_owners()
            throws Exception {
        EnvironmentTls tls = EnvironmentTls.create(dir.resolve("tls"), List.of("127.0.0.1", "10.9.8.7", "controller"));

        assertTrue(tls.exists());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tls.dir())));
        try (Stream<Path> files = Files.list(tls.dir())) {
            Set<String> names = files.map(f -> f.getFileName().toString()).collect(Collectors.toSet());
            assertEquals(Set.of("ca.pem", "ca.p12", "zookeeper.p12", "keystore.password"), names);
        }
        for (Path f : List.of(tls.caCertificate(), tls.caKeyStore(), tls.serverKeyStore(), tls.passwordFile())) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f.toString());
        }
        X509Certificate ca;
        try (InputStream in = Files.newInputStream(tls.caCertificate())) {
            ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        KeyStore server = KeyStore.getInstance("PKCS12");
        char[] password = Files.readString(tls.passwordFile()).toCharArray();
        try (InputStream in = Files.newInputStream(tls.serverKeyStore())) {
            server.load(in, password);
        }
        assertTrue(server.isKeyEntry("zookeeper"));
        X509Certificate cert = (X509Certificate) server.getCertificate("zookeeper");
        cert.verify(ca.getPublicKey()); // throws unless the authority signed it
        assertTrue(ca.getBasicConstraints() >= 0, "the authority is a CA");
        assertEquals(-1, cert.getBasicConstraints(), "the server's certificate is not a CA");
        Set<String> names = cert.getSubjectAlternativeNames().stream().map(n -> n.get(0) + "=" + n.get(1))
                .collect(Collectors.toSet());
        assertEquals(Set.of("7=127.0.0.1", "7=10.9.8.7", "2=controller"), names);
        assertEquals(List.of("1.3.6.1.5.5.7.3.1"), cert.getExtendedKeyUsage()); // serverAuth
        assertEquals(2, server.getCertificateChain("zookeeper").length, "the chain ends at the authority");
    }

    @Test
    void an_existing_directory_is_never_overwritten_and_a_bad_address_leaves_nothing() throws Exception {
        Path target = Files.createDirectories(dir.resolve("tls"));
        assertThrows(java.io.IOException.class, () -> EnvironmentTls.create(target, List.of("127.0.0.1")));
        Path other = dir.resolve("other");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EnvironmentTls.create(other, List.of("127.0.0.1", "a,dns:evil")));
        assertTrue(e.getMessage().contains("'a,dns:evil'"), e.getMessage());
        assertFalse(Files.exists(other));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(target), left.toList(), "no half-made directory beside it");
        }
    }
}
