package jujube.provider.local.internal;

import java.time.Instant;
import jujube.files.AtomicFiles;
import jujube.provider.local.LocalLayout;

/**
 * Sweeps the temp files that commands killed in the middle of a write leave in the environment's own
 * directories: the charm storage ({@code deploy}, {@code upgrade-charm}), the pid files and the
 * environment's directory itself ({@code bootstrap}). Only their own entries: the machines' directories
 * below belong to the machine agents, which sweep their units' state themselves.
 */
final class StaleTemps {
    private StaleTemps() {}

    /** How many were removed. */
    static int sweep(LocalLayout layout, Instant now) {
        return AtomicFiles.sweepStaleTemps(layout.envDir(), 1, now)
                + AtomicFiles.sweepStaleTemps(layout.pids(), 1, now)
                + AtomicFiles.sweepStaleTemps(layout.charmStorage(), 1, now);
    }
}
