package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which jar a deploy folder ends up with when the launcher places the distribution's: the distribution's
 * own jars follow the distribution even when a rebuild kept the version; an operator's hot update stays
 * while its version is at least the distribution's.
 */
class DeployFolderTest {
    private static final String BSN = "jujube.hooks";

    @TempDir
    Path tmp;
    private Path deploy;
    private Path target;

    @BeforeEach
    void folder() throws IOException {
        deploy = Files.createDirectories(tmp.resolve("deploy"));
        target = deploy.resolve(BSN + ".jar");
    }

    @Test
    void places_the_distributions_jar_and_records_its_hash() throws Exception {
        Path dist = bundle("dist1.jar", "1.0.0.SNAPSHOT", "build 1");

        assertEquals(target, new DeployFolder(deploy).place(dist));

        assertSameBytes(dist, target);
        String record = Files.readString(deploy.resolve(PlacedBundles.FILE_NAME));
        assertTrue(record.contains(BSN + "=" + PlacedBundles.sha256(dist)), record);
    }

    @Test
    void a_rebuilt_distribution_of_the_same_version_replaces_what_it_placed_before() throws Exception {
        new DeployFolder(deploy).place(bundle("dist1.jar", "1.0.0.SNAPSHOT", "build 1"));
        Path rebuilt = bundle("dist2.jar", "1.0.0.SNAPSHOT", "build 2");

        new DeployFolder(deploy).place(rebuilt);

        assertSameBytes(rebuilt, target);
        assertTrue(PlacedBundles.in(deploy).placedByDistribution(BSN, PlacedBundles.sha256(rebuilt)));
    }

    @Test
    void an_operators_hot_update_is_kept_while_its_version_is_at_least_the_distributions() throws Exception {
        new DeployFolder(deploy).place(bundle("dist1.jar", "1.0.0.SNAPSHOT", "build 1"));
        Path operators = bundle("hot.jar", "1.0.1", "the operator's fix");
        Files.copy(operators, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        new DeployFolder(deploy).place(bundle("dist2.jar", "1.0.0.SNAPSHOT", "build 2"));
        assertSameBytes(operators, target);
        new DeployFolder(deploy).place(bundle("dist3.jar", "1.0.1", "build 3"));
        assertSameBytes(operators, target);

        Path newer = bundle("dist4.jar", "1.0.2", "build 4");
        new DeployFolder(deploy).place(newer);
        assertSameBytes(newer, target);
    }

    @Test
    void a_jar_of_the_same_version_that_the_distribution_did_not_place_is_the_operators_and_kept() throws Exception {
        // also an environment made before the record existed: its jars count as the operator's
        Path operators = bundle("hot.jar", "1.0.0.SNAPSHOT", "the operator's build");
        Files.copy(operators, target);

        new DeployFolder(deploy).place(bundle("dist.jar", "1.0.0.SNAPSHOT", "build 1"));

        assertSameBytes(operators, target);
        assertFalse(Files.exists(deploy.resolve(PlacedBundles.FILE_NAME)));
    }

    @Test
    void an_older_jar_is_replaced_whoever_put_it_there() throws Exception {
        Files.copy(bundle("old.jar", "0.9.0", "old"), target);
        Path dist = bundle("dist.jar", "1.0.0.SNAPSHOT", "build 1");

        new DeployFolder(deploy).place(dist);

        assertSameBytes(dist, target);
    }

    @Test
    void the_distributions_bytes_without_their_record_are_recognized_after_a_crash() throws Exception {
        // a crash after the jar's rename and before the record's: the jar is the distribution's
        Path dist = bundle("dist1.jar", "1.0.0.SNAPSHOT", "build 1");
        Files.copy(dist, target);
        new DeployFolder(deploy).place(dist);

        Path rebuilt = bundle("dist2.jar", "1.0.0.SNAPSHOT", "build 2");
        new DeployFolder(deploy).place(rebuilt);

        assertSameBytes(rebuilt, target);
    }

    @Test
    void a_damaged_record_makes_its_jars_count_as_the_operators_instead_of_failing() throws Exception {
        Path dist = bundle("dist1.jar", "1.0.0.SNAPSHOT", "build 1");
        new DeployFolder(deploy).place(dist);
        Files.writeString(deploy.resolve(PlacedBundles.FILE_NAME), BSN + "=not-a-hash\n");

        new DeployFolder(deploy).place(bundle("dist2.jar", "1.0.0.SNAPSHOT", "build 2"));

        assertSameBytes(dist, target);
    }

    @Test
    void a_record_over_its_limit_is_not_read_and_counts_as_damaged() throws Exception {
        Path dist = bundle("dist1.jar", "1.0.0.SNAPSHOT", "build 1");
        new DeployFolder(deploy).place(dist);
        Path record = deploy.resolve(PlacedBundles.FILE_NAME);
        String whole = Files.readString(record);
        Files.writeString(record, whole + "#" + "x".repeat((int) PlacedBundles.MAX_BYTES) + "\n");

        new DeployFolder(deploy).place(bundle("dist2.jar", "1.0.0.SNAPSHOT", "build 2"));

        assertSameBytes(dist, target); // read, the record would have made the rebuilt jar replace it
    }

    @Test
    void a_configuration_already_there_is_the_operators_and_kept() throws Exception {
        Path cfg = Files.writeString(tmp.resolve("jujube.hooks.invoker.cfg"), "timeoutSeconds=3600\n");
        DeployFolder folder = new DeployFolder(deploy);
        folder.placeConfig(cfg);
        assertEquals("timeoutSeconds=3600\n", Files.readString(deploy.resolve(cfg.getFileName())));

        Files.writeString(deploy.resolve(cfg.getFileName()), "timeoutSeconds=60\n");
        folder.placeConfig(cfg);
        assertEquals("timeoutSeconds=60\n", Files.readString(deploy.resolve(cfg.getFileName())));
    }

    private Path bundle(String fileName, String version, String content) throws IOException {
        return TestBundles.write(tmp.resolve(fileName), BSN, version, content);
    }

    private static void assertSameBytes(Path expected, Path actual) throws IOException {
        assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(actual), actual + " is not " + expected);
    }
}
