package jujube.model;

/**
 * A request to upgrade a unit's charm to its service's charm.
 *
 * @param force upgrade even when the unit is in an error state
 */
public record UpgradeRequest(boolean force) {}
