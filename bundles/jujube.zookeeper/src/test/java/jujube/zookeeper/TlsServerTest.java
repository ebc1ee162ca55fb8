package jujube.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import jujube.tls.EnvironmentTls;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded server with the environment's certificates: it speaks only TLS, presents a certificate
 * the environment's authority signed for its address, and a client trusting another authority is
 * refused in the handshake.
 */
class TlsServerTest {
    @RegisterExtension
    static final TlsZooKeeper ZK = new TlsZooKeeper();
    @TempDir
    static Path dir;
    /** Another environment's. */
    static EnvironmentTls other;

    @BeforeAll
    static void otherEnvironment() throws Exception {
        other = EnvironmentTls.create(dir.resolve("other"), List.of("127.0.0.1"));
    }

    @Test
    void a_client_trusting_the_environments_authority_is_served() throws Exception {
        try (SSLSocket s = connect(ZK.tls().caCertificate(), "127.0.0.1")) {
            assertEquals("imok", ask(s, "ruok"));
        }
    }

    @Test
    void the_clear_is_not_spoken() throws Exception {
        try (Socket s = new Socket("127.0.0.1", ZK.server().port())) {
            s.setSoTimeout(30_000);
            // a plain server answers the first four bytes; a TLS one takes the five as a record header,
            // which is not one, and closes
            assertNotEquals("imok", ask(s, "ruok\n"));
        }
    }

    @Test
    void a_client_trusting_another_authority_is_refused() throws Exception {
        assertThrows(SSLHandshakeException.class, () -> connect(other.caCertificate(), "127.0.0.1").close());
    }

    private static SSLSocket connect(Path ca, String host) throws Exception {
        return connect(ca, host, ZK.server().port());
    }

    /** A TLS client as ZooKeeper's: trusting only {@code ca}, verifying that the certificate names {@code host}. */
    private static SSLSocket connect(Path ca, String host, int port) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = java.nio.file.Files.newInputStream(ca)) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(host, port);
        SSLParameters params = s.getSSLParameters();
        params.setEndpointIdentificationAlgorithm("HTTPS");
        s.setSSLParameters(params);
        s.setSoTimeout(30_000);
        try {
            s.startHandshake();
        } catch (IOException e) {
            s.close();
            throw e;
        }
        return s;
    }

    private static String ask(Socket s, String word) throws IOException {
        s.getOutputStream().write(word.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        try {
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return "closed: " + e.getMessage();
        }
    }
}
