package jujube.spi;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Replaces a unit's charm with a newer one. The unit agent calls it inside its {@code upgrade_charm}
 * transition, with the hook executor stopped, and consumes it through a dynamic, greedy reference:
 * the highest-ranked handler registered at the time of an upgrade is the one used, so installing a
 * bundle with a better handler changes the next upgrade without restarting any unit agent.
 */
@ConsumerType
public interface CharmUpgradeHandler {

    /**
     * Replaces {@code request.charmDir()} with the content of {@code request.newCharmArchive()}.
     * Must be atomic as seen by hooks: afterwards the directory holds exactly the new charm (no file
     * of the old one left behind); if it throws, the directory holds exactly the old charm.
     *
     * @throws CharmUpgradeException naming the unit and what went wrong
     */
    void upgrade(CharmUpgrade request) throws CharmUpgradeException;
}
