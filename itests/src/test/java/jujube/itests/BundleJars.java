package jujube.itests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * A live bundle update as an operator does it on a machine: a rebuilt jar (here the deployed one with a
 * higher Bundle-Version) moved atomically over {@code deploy/<symbolic name>.jar}; and what Felix's cache
 * then holds, to tell an update in place (a new revision of the same bundle) from an install beside it.
 */
final class BundleJars {
    private BundleJars() {}

    static String version(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest().getMainAttributes().getValue("Bundle-Version");
        }
    }

    /** Replaces {@code deployed} by a copy of itself whose Bundle-Version is {@code version}. */
    static void redeploy(Path deployed, String version) throws IOException {
        // a dot file with another extension: FileInstall must not see the half-written copy
        Path tmp = deployed.resolveSibling("." + deployed.getFileName() + ".tmp");
        try (InputStream raw = Files.newInputStream(deployed); JarInputStream in = new JarInputStream(raw)) {
            Manifest manifest = new Manifest(in.getManifest());
            manifest.getMainAttributes().put(new Attributes.Name("Bundle-Version"), version);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(tmp), manifest)) {
                for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    ByteArrayOutputStream buf = new ByteArrayOutputStream();
                    in.transferTo(buf);
                    out.write(buf.toByteArray());
                    out.closeEntry();
                }
            }
        }
        Files.move(tmp, deployed, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Writes to {@code out} a copy of {@code jar} with Bundle-Version {@code version} and, in each entry
     * {@code patches} names, each text replaced as that entry's map says: how a test makes a changed build of
     * a bundle. In a class file the replacement must have the length of what it replaces (a UTF-8 constant
     * keeps its length prefix).
     */
    static void variant(Path jar, Path out, String version, java.util.Map<String, java.util.Map<String, String>> patches)
            throws IOException {
        java.util.Set<String> patched = new java.util.HashSet<>();
        try (InputStream raw = Files.newInputStream(jar); JarInputStream in = new JarInputStream(raw)) {
            Manifest manifest = new Manifest(in.getManifest());
            manifest.getMainAttributes().put(new Attributes.Name("Bundle-Version"), version);
            try (JarOutputStream o = new JarOutputStream(Files.newOutputStream(out), manifest)) {
                for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                    byte[] content = in.readAllBytes();
                    java.util.Map<String, String> replace = patches.get(e.getName());
                    if (replace != null) {
                        String text = new String(content, java.nio.charset.StandardCharsets.ISO_8859_1);
                        for (java.util.Map.Entry<String, String> r : replace.entrySet()) {
                            if (!text.contains(r.getKey())) {
                                throw new IOException(e.getName() + " of " + jar + " has no '" + r.getKey() + "'");
                            }
                            if (e.getName().endsWith(".class") && r.getKey().length() != r.getValue().length()) {
                                throw new IllegalArgumentException("a class constant keeps its length: " + r);
                            }
                            text = text.replace(r.getKey(), r.getValue());
                        }
                        content = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                        patched.add(e.getName());
                    }
                    o.putNextEntry(new JarEntry(e.getName()));
                    o.write(content);
                    o.closeEntry();
                }
            }
        }
        if (!patched.equals(patches.keySet())) {
            throw new IOException(jar + " lacks entries " + patches.keySet() + " (found " + patched + ")");
        }
    }

    /** The Felix cache directories ({@code bundleN}) of bundles installed from {@code location}'s file name. */
    static List<Path> cachedBundles(Path felixCache, String jarName) throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(felixCache)) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("bundle.info"))).toList()) {
                if (Files.readString(dir.resolve("bundle.info")).contains("/" + jarName)) {
                    found.add(dir);
                }
            }
        }
        return found;
    }

    /** The Bundle-Versions of every revision the cache keeps of one bundle, oldest first. */
    static List<String> revisions(Path bundleDir) {
        List<String> versions = new ArrayList<>();
        try (Stream<Path> revs = Files.list(bundleDir)) {
            for (Path rev : revs.filter(r -> r.getFileName().toString().startsWith("version")).sorted().toList()) {
                Path jar = rev.resolve("bundle.jar");
                if (Files.isRegularFile(jar)) {
                    versions.add(version(jar));
                }
            }
        } catch (IOException e) {
            // a revision being written or purged: the caller polls again
        }
        return versions;
    }
}
