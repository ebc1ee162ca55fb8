package jujube.provider.local.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdkBindsTest {
    @TempDir
    Path tmp;

    @Test
    void the_jdk_and_the_directories_of_its_absolute_links_are_bound_none_twice() throws Exception {
        Path etc = Files.createDirectories(tmp.resolve("etc/java-17/security"));
        Files.writeString(etc.resolve("java.security"), "x");
        Files.writeString(tmp.resolve("etc/java-17/jvm.cfg"), "x");
        Path certs = Files.createDirectories(tmp.resolve("etc/ssl/certs/java"));
        Files.writeString(certs.resolve("cacerts"), "x");
        Path jdk = Files.createDirectories(tmp.resolve("jvm/jdk-17/lib/security"));
        Files.createSymbolicLink(jdk.resolve("java.security"), etc.resolve("java.security"));
        Files.createSymbolicLink(jdk.resolve("cacerts"), certs.resolve("cacerts"));
        Files.createSymbolicLink(tmp.resolve("jvm/jdk-17/lib/jvm.cfg"), tmp.resolve("etc/java-17/jvm.cfg"));
        Files.createSymbolicLink(tmp.resolve("jvm/jdk-17/docs"), Path.of("../../share/doc/jdk")); // relative, dangling
        Files.createSymbolicLink(tmp.resolve("jvm/jdk-17/gone"), tmp.resolve("no/such/file"));
        Path alias = Files.createSymbolicLink(tmp.resolve("jvm/default"), Path.of("jdk-17"));

        assertEquals(List.of(tmp.resolve("etc/java-17").toRealPath(), certs.toRealPath(), tmp.resolve("jvm/jdk-17").toRealPath()),
                JdkBinds.of(alias));
    }
}
