package jujube.itests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import jujube.itests.throwing.ThrowingComponent;

/**
 * An agent bundle ({@code jujube.itests.throwing}) whose one immediate component throws in its activation:
 * its class, its Declarative Services description and a manifest, packed by the test.
 */
final class ThrowingBundle {
    static final String NAME = "jujube.itests.throwing";

    private ThrowingBundle() {
    }

    static Path write(Path jar, String version) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", NAME);
        main.putValue("Bundle-Version", version);
        main.putValue("Service-Component", "OSGI-INF/throwing.xml");
        String classFile = ThrowingComponent.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
                InputStream bytes = ThrowingComponent.class.getClassLoader().getResourceAsStream(classFile)) {
            out.putNextEntry(new JarEntry(classFile));
            bytes.transferTo(out);
            out.closeEntry();
            out.putNextEntry(new JarEntry("OSGI-INF/throwing.xml"));
            out.write(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<scr:component xmlns:scr=\"http://www.osgi.org/xmlns/scr/v1.3.0\" name=\"" + NAME
                    + "\" immediate=\"true\">\n  <implementation class=\"" + ThrowingComponent.class.getName()
                    + "\"/>\n</scr:component>\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
