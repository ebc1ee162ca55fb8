package jujube.agent.bundles.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jujube.files.AtomicFiles;
import jujube.files.SmallFiles;
import jujube.state.AgentBundle;
import jujube.state.AgentBundleSet;

/**
 * What an agent writes before it moves any jar, so that after a restart it goes on with the update (checks
 * it, or reports what the launcher undid): the request, the set it replaces, the bundles it changes, and
 * what was at work before (the components satisfied, the units connected), which the check compares with.
 *
 * @param appliedAtMillis when the first jar was moved: a bundle the framework last updated before it still
 *     runs its old jar
 */
record UpdateJournal(long generation, AgentBundleSet target, AgentBundleSet previousSet, List<AgentBundle> changed,
        Map<String, String> componentsBefore, Set<String> unitsBefore, long appliedAtMillis) {
    private static final int MAX_BYTES = 1024 * 1024;

    void write(Path file, ObjectMapper mapper) throws IOException {
        Files.createDirectories(file.getParent());
        AtomicFiles.write(file, mapper.writeValueAsBytes(this));
    }

    static Optional<UpdateJournal> read(Path file, ObjectMapper mapper) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(mapper.readValue(SmallFiles.read(file, MAX_BYTES), UpdateJournal.class));
    }

    /** How a request ended, kept across restarts: the report says it again, and a request is answered once. */
    record Outcome(long generation, String state, String reason, String version, Map<String, String> sha256ByName) {
        static final Outcome NONE = new Outcome(0, jujube.state.AgentBundlesReport.RUNNING, "", "", Map.of());

        void write(Path file, ObjectMapper mapper) throws IOException {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, mapper.writeValueAsBytes(this));
        }

        static Outcome read(Path file, ObjectMapper mapper) throws IOException {
            if (!Files.exists(file)) {
                return NONE;
            }
            return mapper.readValue(SmallFiles.read(file, MAX_BYTES), Outcome.class);
        }

        /** The version of {@code running} when it is still the set this outcome put in place. */
        Optional<String> versionOf(AgentBundleSet running) {
            if (version.isEmpty() || sha256ByName.isEmpty()) {
                return Optional.empty();
            }
            for (Map.Entry<String, String> e : sha256ByName.entrySet()) {
                if (!running.bundle(e.getKey()).map(b -> b.sha256().equals(e.getValue())).orElse(false)) {
                    return Optional.empty();
                }
            }
            return Optional.of(version);
        }
    }
}
