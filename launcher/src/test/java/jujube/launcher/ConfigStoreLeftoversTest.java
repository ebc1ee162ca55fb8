package jujube.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temp files of ConfigAdmin's file store that a killed process left, as the next start finds them:
 * none remains, and a configuration whose old file the store had already deleted is completed.
 */
class ConfigStoreLeftoversTest {
    private static final String OLD = "service.pid=\"jujube.agent.unit~logging-12\"\r\nretire=B\"false\"\r\n";
    private static final String NEW = "service.pid=\"jujube.agent.unit~logging-12\"\r\nretire=B\"true\"\r\n";

    @TempDir
    Path cache;
    private Path store;
    private Path config;

    @BeforeEach
    void store() throws IOException {
        store = Files.createDirectories(cache.resolve("bundle7/data/config/jujube/agent/unit"));
        config = store.resolve("unit%007elogging-12.config");
    }

    @Test
    void a_temp_file_beside_its_configuration_is_removed_and_the_configuration_kept() throws IOException {
        Files.writeString(config, OLD);
        Files.writeString(store.resolve("unit%007elogging-12.config5737975834422867737.tmp"), NEW);

        assertEquals(1, ConfigStoreLeftovers.settle(cache));

        assertEquals(List.of("unit%007elogging-12.config"), names());
        assertEquals(OLD, Files.readString(config));
    }

    @Test
    void a_complete_temp_file_whose_configuration_was_deleted_takes_its_place() throws IOException {
        Files.writeString(store.resolve("unit%007elogging-12.config5737975834422867737.tmp"), NEW);

        assertEquals(1, ConfigStoreLeftovers.settle(cache));

        assertEquals(List.of("unit%007elogging-12.config"), names());
        assertEquals(NEW, Files.readString(config));
    }

    @Test
    void of_several_temp_files_the_newest_complete_one_wins() throws IOException {
        Path older = store.resolve("unit%007elogging-12.config11.tmp");
        Path newer = store.resolve("unit%007elogging-12.config22.tmp");
        Files.writeString(older, OLD);
        Files.writeString(newer, NEW);
        Files.setLastModifiedTime(older, FileTime.fromMillis(1_000));
        Files.setLastModifiedTime(newer, FileTime.fromMillis(2_000));

        assertEquals(2, ConfigStoreLeftovers.settle(cache));

        assertEquals(List.of("unit%007elogging-12.config"), names());
        assertEquals(NEW, Files.readString(config));
    }

    @Test
    void an_empty_or_cut_short_temp_file_is_removed_without_a_configuration() throws IOException {
        Files.writeString(store.resolve("unit%007elogging-12.config11.tmp"), "");
        Files.writeString(store.resolve("unit%007elogging-13.config22.tmp"), "service.pid=\"jujube.agent.unit~logg");

        assertEquals(2, ConfigStoreLeftovers.settle(cache));

        assertEquals(List.of(), names());
    }

    @Test
    void other_files_and_other_bundles_data_are_left_alone() throws IOException {
        Files.writeString(config, OLD);
        Path own = Files.createDirectories(cache.resolve("bundle9/data/state")).resolve("x.config12.tmp");
        Files.writeString(own, NEW);
        Path hidden = store.resolve(".unit%007elogging-12.config.123.tmp");
        Files.writeString(hidden, NEW);

        assertEquals(0, ConfigStoreLeftovers.settle(cache));

        assertEquals(List.of(".unit%007elogging-12.config.123.tmp", "unit%007elogging-12.config"), names());
        assertEquals(NEW, Files.readString(own));
    }

    @Test
    void a_cache_not_made_yet_has_nothing_to_settle() throws IOException {
        assertEquals(0, ConfigStoreLeftovers.settle(cache.resolve("missing")));
        assertFalse(Files.exists(cache.resolve("missing")));
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(store)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
