/**
 * Topology migrators, one service per version step. Nothing here is exported: the steps are found
 * as {@link jujube.state.TopologyMigration} services in a framework and through
 * {@code META-INF/services} on the plain class path.
 */
package jujube.state.migration;
