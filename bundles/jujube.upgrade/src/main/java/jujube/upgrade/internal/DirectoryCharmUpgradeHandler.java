package jujube.upgrade.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import jujube.charm.CharmArchives;
import jujube.charm.CharmException;
import jujube.files.FileTrees;
import jujube.spi.CharmUpgrade;
import jujube.spi.CharmUpgradeException;
import jujube.spi.CharmUpgradeHandler;
import org.osgi.service.component.annotations.Component;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default upgrade: unpack the new charm beside the old one, then swap the two directories by
 * renames and delete the old one, so that no file of the old charm survives. A crash between the two
 * renames leaves {@code <charm>.old}; the next upgrade (or {@link #recover}) puts it back first, so
 * the unit always has exactly one whole charm.
 */
@Component(service = CharmUpgradeHandler.class, property = "service.ranking:Integer=0")
public final class DirectoryCharmUpgradeHandler implements CharmUpgradeHandler {
    private static final Logger LOG = LoggerFactory.getLogger(DirectoryCharmUpgradeHandler.class);

    @Override
    public void upgrade(CharmUpgrade request) throws CharmUpgradeException {
        Path charm = request.charmDir();
        Path fresh = sibling(charm, ".new");
        Path old = sibling(charm, ".old");
        try {
            recover(charm);
            FileTrees.delete(fresh);
            CharmArchives.extract(request.newCharmArchive(), fresh);
            Files.move(charm, old, StandardCopyOption.ATOMIC_MOVE);
            Files.move(fresh, charm, StandardCopyOption.ATOMIC_MOVE);
            FileTrees.delete(old);
            LOG.info("unit {} now runs charm {}", request.unitName(), request.newCharmUrl());
        } catch (IOException | CharmException e) {
            try {
                FileTrees.delete(fresh);
                recover(charm);
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            throw new CharmUpgradeException("charm upgrade of unit " + request.unitName() + " to "
                    + request.newCharmUrl() + " failed: " + e.getMessage(), e);
        }
    }

    /** Restores the old charm when a crash left the charm directory missing between the two renames. */
    static void recover(Path charm) throws IOException {
        Path old = sibling(charm, ".old");
        if (!Files.exists(charm) && Files.isDirectory(old)) {
            Files.move(old, charm, StandardCopyOption.ATOMIC_MOVE);
        } else {
            FileTrees.delete(old);
        }
    }

    private static Path sibling(Path charm, String suffix) {
        return charm.resolveSibling(charm.getFileName() + suffix);
    }
}
