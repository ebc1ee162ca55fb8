package jujube.agent.bundles.internal;

import java.util.Set;

/** The units whose agents are at work in this framework: a machine agent's, none in the controller. */
interface WorkingUnits {
    /** The units whose agents are connected now. */
    Set<String> connected();
}
