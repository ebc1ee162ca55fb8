package jujube.launcher;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Minimal bundles for the launcher's tests: a manifest and one entry, {@code content.txt}. */
final class TestBundles {
    static final String CONTENT = "content.txt";

    private TestBundles() {
    }

    static Path write(Path jar, String symbolicName, String version, String content) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", symbolicName);
        main.putValue("Bundle-Version", version);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.putNextEntry(new JarEntry(CONTENT));
            j.write(content.getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        return jar;
    }
}
