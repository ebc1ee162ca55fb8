package jujube.agent.unit.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import jujube.charm.CharmException;
import jujube.charm.CharmStorage;
import jujube.charm.CharmUrl;
import jujube.charm.Sha256;
import jujube.spi.CharmUpgrade;
import jujube.spi.CharmUpgradeException;
import jujube.spi.CharmUpgradeHandler;
import jujube.model.CharmRecord;
import jujube.model.NoSuchUnitException;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.workflow.ActionResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaces the unit's charm with its service's current charm: the archive is fetched from the charm
 * storage (sha256 checked against the state's record) and handed to the highest-ranked
 * {@link CharmUpgradeHandler} of the moment. The charm the unit runs is recorded in
 * {@code state/charm.json} ({@code {"version":1,"charm_id":..}}), from the agent's first start on
 * ({@link #rememberCharm}) and at each upgrade. It makes an upgrade idempotent (replaying one whose charm
 * is already in place does nothing), and it names the charm of a unit whose node remove-unit deleted.
 *
 * <p>The local record is the truth for the agent; the unit node's {@code charm} (status, and the hook
 * contexts: {@code JUJU_CHARM}, the config schema) is brought in line after it, also when an upgrade is
 * replayed after a crash between the two writes.
 */
final class CharmUpgrader {
    private static final Logger LOG = LoggerFactory.getLogger(CharmUpgrader.class);
    private final UnitHandle state;
    private final UnitAgentSettings settings;
    private final Supplier<Optional<CharmUpgradeHandler>> handler;
    private final UnitCharmFile record;

    CharmUpgrader(UnitHandle state, UnitAgentSettings settings, Supplier<Optional<CharmUpgradeHandler>> handler,
            ObjectMapper mapper) {
        this.state = state;
        this.settings = settings;
        this.handler = handler;
        this.record = new UnitCharmFile(settings.stateDir().resolve("charm.json"), mapper);
    }

    /**
     * The charm the unit runs: its local record, else the charm it was deployed with.
     *
     * @throws jujube.workflow.CorruptStateFileException when the record is corrupt
     */
    String currentCharm() {
        return record.read().orElseGet(() -> state.info().charmId());
    }

    /** The charm the unit should run: its service's. */
    String targetCharm() {
        return state.service().charmId();
    }

    /**
     * The charm the unit runs, recorded locally when it was not yet (a unit deployed and never upgraded
     * had no record): once the unit is removed its node is gone, and its agent, maybe restarted meanwhile,
     * still runs the stop and -broken hooks with this charm. Empty when the unit has neither a record nor a
     * node, or when its node cannot be read now (the hooks then read it themselves, as before).
     */
    Optional<String> rememberCharm() throws IOException {
        Optional<String> recorded = record.read();
        if (recorded.isPresent()) {
            return recorded;
        }
        String deployed;
        try {
            deployed = state.info().charmId();
        } catch (NoSuchUnitException e) {
            LOG.warn("unit {}: removed, and no local record of its charm: its retiring hooks cannot run",
                    settings.unit());
            return Optional.empty();
        } catch (StateException e) {
            LOG.debug("unit {}: charm not read at start: {}", settings.unit(), e.getMessage());
            return Optional.empty();
        }
        writeRecord(deployed);
        return Optional.of(deployed);
    }

    /** Whether the service runs another charm than the unit. */
    boolean upgradeDue() {
        return !currentCharm().equals(targetCharm());
    }

    /** Puts the service's charm in place; a failure leaves the old charm whole and is reported, not thrown. */
    ActionResult upgrade() throws IOException {
        String target;
        try {
            target = targetCharm();
            if (currentCharm().equals(target)) {
                LOG.info("unit {}: already runs charm {}", settings.unit(), target);
                return recordInState(target);
            }
        } catch (StateException e) {
            return ActionResult.hookFailed("charm upgrade failed: " + e.getMessage());
        }
        Optional<CharmUpgradeHandler> upgrade = handler.get();
        if (upgrade.isEmpty()) {
            return ActionResult.hookFailed("charm upgrade to " + target + " failed: no charm upgrade handler available");
        }
        if (settings.charmStorageDir().isEmpty()) {
            return ActionResult.hookFailed("charm upgrade to " + target + " failed: no charmStorageDir configured");
        }
        Path archive = settings.unitDir().resolve(".upgrade.charm");
        try {
            fetch(state.charm(target), archive);
            upgrade.get().upgrade(new CharmUpgrade(settings.unit().toString(), settings.charmDir(), archive, target));
        } catch (CharmUpgradeException | CharmException | StateException e) {
            LOG.error("unit {}: charm upgrade to {} failed: {}", settings.unit(), target, e.getMessage());
            return ActionResult.hookFailed("charm upgrade to " + target + " failed: " + e.getMessage());
        } finally {
            Files.deleteIfExists(archive);
        }
        writeRecord(target);
        LOG.info("unit {}: charm upgraded to {}", settings.unit(), target);
        return recordInState(target);
    }

    /**
     * The target's archive from the charm storage, or, where the storage lacks it (a machine on another
     * host), from the copy the state keeps; either way checked against the published sha256.
     */
    private void fetch(CharmRecord charm, Path archive) throws IOException {
        new CharmStorage(settings.charmStorageDir().get()).fetch(CharmStorage.keyOf(CharmUrl.parse(charm.id())), new Sha256(charm.sha256()), archive,
                out -> state.fetchCharmArchive(charm.id(), out));
    }

    /** Records {@code charmId} as the charm the unit runs, in {@code state/charm.json}. */
    private void writeRecord(String charmId) throws IOException {
        record.write(charmId);
    }

    /** Names {@code charmId} in the unit's node; a failure leaves the upgrade to be retried (it is idempotent). */
    private ActionResult recordInState(String charmId) {
        try {
            if (!state.info().charmId().equals(charmId)) {
                state.setCharm(charmId);
            }
            return ActionResult.success();
        } catch (StateException e) {
            return ActionResult.hookFailed("could not record charm " + charmId + " for unit " + settings.unit() + ": "
                    + e.getMessage());
        }
    }
}
