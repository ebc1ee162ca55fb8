package jujube.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One charm upgrade of one unit.
 *
 * @param unitName the unit, e.g. {@code wordpress/0}
 * @param charmDir the unit's charm directory, to be replaced
 * @param newCharmArchive the new charm's archive, already fetched and verified
 * @param newCharmUrl the new charm's URL, e.g. {@code local:precise/wordpress-4}
 */
public record CharmUpgrade(String unitName, Path charmDir, Path newCharmArchive, String newCharmUrl) {
    public CharmUpgrade {
        Objects.requireNonNull(unitName, "unitName");
        Objects.requireNonNull(charmDir, "charmDir");
        Objects.requireNonNull(newCharmArchive, "newCharmArchive");
        Objects.requireNonNull(newCharmUrl, "newCharmUrl");
    }
}
