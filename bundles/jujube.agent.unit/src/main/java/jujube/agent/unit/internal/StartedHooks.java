package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.regex.Pattern;
import jujube.charm.Sha256;
import jujube.files.AtomicFiles;
import jujube.state.ServiceLeadership;
import jujube.workflow.CorruptStateFileException;

/**
 * The hooks a started unit runs besides config-changed and upgrade-charm, as Go juju's uniter runs them
 * (the first leadership hook at the unit's setup, before config-changed and start): for its service's
 * leadership, {@code leader-elected} once in each term the unit leads (a new candidacy
 * after a lost session is a new term), and on a unit that does not lead {@code leader-settings-changed}
 * whenever the leader settings differ from those it last ran with (once at the first start too); then
 * {@code update-status} when its timer asked for it ({@link #requestUpdateStatus()}). What the unit ran, and
 * the hook it runs now, are in {@code state/started-hooks.json}
 * ({@code {"version":1,"elected":T,"settings":"<sha256>","running":"<hook>"}}), written before the hook
 * runs: a kill in between runs the same hook again at the next start (the transition is in flight), and
 * a term is announced once however often the agent dies. The file is read within {@link #MAX_BYTES}.
 */
final class StartedHooks {
    static final String ELECTED = "leader-elected";
    static final String SETTINGS_CHANGED = "leader-settings-changed";
    static final String UPDATE_STATUS = "update-status";
    private static final java.util.Set<String> HOOKS = java.util.Set.of(ELECTED, SETTINGS_CHANGED, UPDATE_STATUS);
    /** Asked by the timer, in memory only: a restarted agent's timer asks again. */
    private volatile boolean updateStatusRequested;
    private static final int VERSION = 1;
    static final int MAX_BYTES = 64 * 1024;
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");
    private final Path file;
    private final ObjectMapper mapper;
    private final ServiceLeadership leadership;
    /** The hook last begun or retried by this agent: the status history names it once it is done. */
    private volatile String last;

    /** What the file holds. */
    record Ran(OptionalLong elected, Optional<String> settings, Optional<String> running) {
        static final Ran NOTHING = new Ran(OptionalLong.empty(), Optional.empty(), Optional.empty());
    }

    StartedHooks(Path file, ObjectMapper mapper, ServiceLeadership leadership) {
        this.file = file;
        this.mapper = mapper.copy().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
        this.leadership = leadership;
    }

    /** Asks for an update-status, which runs once no leadership hook is due. */
    void requestUpdateStatus() {
        updateStatusRequested = true;
    }

    /**
     * The hook due now, if any: the one recorded as running first, then what leadership asks for, then
     * update-status.
     */
    Optional<String> due() {
        Ran ran = read();
        return ran.running().isPresent() ? ran.running() : next(ran, true).flatMap(Ran::running);
    }

    /**
     * Records the hook about to run, with the term or settings it runs for, and returns it; empty when
     * nothing is due any more (the lead changed hands since {@link #due()}).
     */
    Optional<String> begin() throws IOException {
        return begin(true);
    }

    /**
     * As {@link #begin()} for the unit's setup, before config-changed and start: the leadership hook due
     * (the recorded one first), never update-status.
     */
    Optional<String> beginLeadership() throws IOException {
        return begin(false);
    }

    private Optional<String> begin(boolean updateStatus) throws IOException {
        Ran ran = read();
        if (ran.running().isEmpty()) {
            Optional<Ran> next = next(ran, updateStatus);
            if (next.isEmpty()) {
                return Optional.empty();
            }
            if (next.get().running().equals(Optional.of(UPDATE_STATUS))) {
                updateStatusRequested = false;
            }
            write(next.get());
            ran = next.get();
        }
        last = ran.running().orElseThrow();
        return ran.running();
    }

    /** The record of the hook due after {@code ran}, which ran none: what it runs for, and it as running. */
    private Optional<Ran> next(Ran ran, boolean updateStatus) {
        OptionalLong term = leadership.confirmedTerm();
        if (term.isPresent()) {
            if (!term.equals(ran.elected())) {
                return Optional.of(new Ran(term, ran.settings(), Optional.of(ELECTED)));
            }
        } else {
            String settings = digest(leadership.settings());
            if (!ran.settings().equals(Optional.of(settings))) {
                return Optional.of(new Ran(ran.elected(), Optional.of(settings), Optional.of(SETTINGS_CHANGED)));
            }
        }
        return updateStatus && updateStatusRequested ? Optional.of(new Ran(ran.elected(), ran.settings(), Optional.of(UPDATE_STATUS)))
                : Optional.empty();
    }

    /** The recorded hook, for a retry of it; empty when none is recorded. */
    Optional<String> running() {
        Optional<String> running = read().running();
        running.ifPresent(h -> last = h);
        return running;
    }

    /** The hook last begun or retried, else the one recorded as running: what a transition ran. */
    Optional<String> lastHook() {
        return Optional.ofNullable(last).or(this::running);
    }

    /** The recorded hook ended (ran, or was skipped by a retry without its hook). */
    void finished() throws IOException {
        Ran ran = read();
        if (ran.running().isPresent()) {
            write(new Ran(ran.elected(), ran.settings(), Optional.empty()));
        }
    }

    /**
     * What the file holds.
     *
     * @throws CorruptStateFileException when it is there but not a record
     */
    Ran read() {
        Optional<JsonNode> found = LocalJson.readObject(file, MAX_BYTES, mapper);
        if (found.isEmpty()) {
            return Ran.NOTHING;
        }
        JsonNode node = found.get();
        JsonNode elected = node.path("elected");
        JsonNode settings = node.path("settings");
        JsonNode running = node.path("running");
        boolean valid = LocalJson.hasVersion(node, VERSION)
                && (elected.isMissingNode() || elected.canConvertToLong() && elected.isIntegralNumber())
                && (settings.isMissingNode() || settings.isTextual() && SHA256_HEX.matcher(settings.textValue()).matches())
                && (running.isMissingNode() || running.isTextual() && HOOKS.contains(running.textValue()));
        if (!valid) {
            throw new CorruptStateFileException(file, "expected {\"version\":" + VERSION
                    + ",\"elected\":<term>,\"settings\":\"<sha256, hex>\",\"running\":\"<" + String.join("|",
                    new java.util.TreeSet<>(HOOKS)) + ">\"}, each but the version optional");
        }
        return new Ran(elected.isMissingNode() ? OptionalLong.empty() : OptionalLong.of(elected.longValue()),
                settings.isMissingNode() ? Optional.empty() : Optional.of(settings.textValue()),
                running.isMissingNode() ? Optional.empty() : Optional.of(running.textValue()));
    }

    private void write(Ran ran) throws IOException {
        ObjectNode node = mapper.createObjectNode();
        node.put("version", VERSION);
        ran.elected().ifPresent(t -> node.put("elected", t));
        ran.settings().ifPresent(s -> node.put("settings", s));
        ran.running().ifPresent(r -> node.put("running", r));
        AtomicFiles.write(file, mapper.writeValueAsBytes(node));
    }

    private String digest(Map<String, String> settings) {
        try {
            return Sha256.of(mapper.writeValueAsBytes(new TreeMap<>(settings))).hex();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialise the leader settings", e);
        }
    }
}
