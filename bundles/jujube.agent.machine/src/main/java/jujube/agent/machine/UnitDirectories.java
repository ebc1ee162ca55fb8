package jujube.agent.machine;

import java.nio.file.Path;
import java.util.Objects;
import jujube.model.UnitName;

/**
 * Where a unit lives on its machine: {@code <machine data dir>/units/<service>-<n>/} holding
 * {@code charm/} (the unpacked charm, present only once completely unpacked) and {@code state/} (the
 * unit agent's own files, among them the {@code retired} marker).
 *
 * @param unitDir the unit's directory, absolute
 */
public record UnitDirectories(Path unitDir) {
    /** The directory below a machine's data directory that holds one directory per unit. */
    public static final String UNITS = "units";
    /** The file the unit agent writes (atomically) once a retired unit stopped and departed its relations. */
    public static final String RETIRED_MARKER = "retired";

    public UnitDirectories {
        Objects.requireNonNull(unitDir, "unitDir");
        if (!unitDir.isAbsolute()) {
            throw new IllegalArgumentException("unit directory must be absolute, got " + unitDir);
        }
    }

    /** The directories of {@code unit} on the machine whose data directory is {@code machineDataDir}. */
    public static UnitDirectories of(Path machineDataDir, UnitName unit) {
        return new UnitDirectories(machineDataDir.toAbsolutePath().resolve(UNITS).resolve(directoryName(unit)));
    }

    /** A unit's directory name, {@code wordpress-0}: also the name of its unit agent's configuration. */
    public static String directoryName(UnitName unit) {
        return unit.service() + "-" + unit.number();
    }

    /** The unit named by a directory name, the inverse of {@link #directoryName}; service names may hold dashes. */
    public static UnitName unitOf(String directoryName) {
        int dash = directoryName.lastIndexOf('-');
        if (dash <= 0 || !directoryName.substring(dash + 1).matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException("'" + directoryName + "' is not a unit directory name <service>-<n>");
        }
        return new UnitName(directoryName.substring(0, dash), Integer.parseInt(directoryName.substring(dash + 1)));
    }

    /** The unpacked charm. */
    public Path charmDir() {
        return unitDir.resolve("charm");
    }

    /** The unit agent's own files. */
    public Path stateDir() {
        return unitDir.resolve("state");
    }

    /** The marker of a unit agent that finished retiring. */
    public Path retiredMarker() {
        return stateDir().resolve(RETIRED_MARKER);
    }
}
