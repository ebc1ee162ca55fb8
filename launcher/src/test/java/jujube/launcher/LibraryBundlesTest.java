package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * A library bundle in a real Felix framework whose cache outlives it, as an agent's does across
 * restarts: a distribution rebuilt with the same version brings the new build in at the next start,
 * and an unchanged one does not update anything.
 */
class LibraryBundlesTest {
    @TempDir
    Path tmp;

    @Test
    void a_library_rebuilt_with_the_same_version_is_updated_at_the_next_start_and_only_then() throws Exception {
        Path jar = TestBundles.write(tmp.resolve("lib.jar"), "jujube.lib.example", "3.9.3.SNAPSHOT", "build 1");
        long[] installed = new long[1];
        launch(jar, b -> installed[0] = b.getLastModified());

        TestBundles.write(jar, "jujube.lib.example", "3.9.3.SNAPSHOT", "build 2");
        // the file system's clock is coarser than the framework's: say exactly when the rebuild came
        Files.setLastModifiedTime(jar, FileTime.fromMillis(installed[0] + 1));
        assertEquals("build 2", launchAndRead(jar));

        // the cache now holds build 2, installed after the jar was written: nothing to update
        long[] modified = new long[2];
        launch(jar, b -> modified[0] = b.getLastModified());
        launch(jar, b -> modified[1] = b.getLastModified());
        assertEquals(modified[0], modified[1]);
    }

    @Test
    void a_higher_version_is_updated_whatever_the_files_time() throws Exception {
        Path jar = TestBundles.write(tmp.resolve("lib.jar"), "jujube.lib.example", "1.0.0", "one");
        assertEquals("one", launchAndRead(jar));

        TestBundles.write(jar, "jujube.lib.example", "1.1.0", "one point one");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));

        assertEquals("one point one", launchAndRead(jar));
    }

    @Test
    void a_library_the_distribution_no_longer_has_is_uninstalled() throws Exception {
        Path kept = TestBundles.write(tmp.resolve("kept.jar"), "jujube.lib.kept", "1.0.0", "kept");
        Path dropped = TestBundles.write(tmp.resolve("dropped.jar"), "jujube.lib.dropped", "1.0.0", "dropped");
        launch(kept, b -> { });
        launch(dropped, b -> { });
        assertEquals(List.of("jujube.lib.dropped", "jujube.lib.kept"), cachedBundles());

        Files.delete(dropped);

        launch(kept, b -> { });
        assertEquals(List.of("jujube.lib.kept"), cachedBundles());
    }

    /** The symbolic names of the bundles the cache holds, once the launcher has started on it. */
    private List<String> cachedBundles() throws Exception {
        List<String> names = new ArrayList<>();
        launch(tmp.resolve("kept.jar"), b -> {
            for (Bundle each : b.getBundleContext().getBundles()) {
                if (each.getBundleId() != 0) {
                    names.add(each.getSymbolicName());
                }
            }
        });
        names.sort(null);
        return names;
    }

    private String launchAndRead(Path jar) throws Exception {
        String[] content = new String[1];
        launch(jar, b -> {
            try (InputStream in = b.getEntry(TestBundles.CONTENT).openStream()) {
                content[0] = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        return content[0];
    }

    private void launch(Path jar, java.util.function.Consumer<Bundle> check) throws Exception {
        Framework framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow()
                .newFramework(Map.of(Constants.FRAMEWORK_STORAGE, tmp.resolve("cache").toString(),
                        Constants.FRAMEWORK_STORAGE_CLEAN, "none"));
        framework.init();
        try {
            FrameworkLauncher.uninstallRemoved(framework.getBundleContext());
            Bundle b = FrameworkLauncher.installOrKeep(framework.getBundleContext(), jar);
            // as the launcher does: an updated revision's content is read once the framework runs
            framework.start();
            b.start();
            check.accept(b);
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }
}
