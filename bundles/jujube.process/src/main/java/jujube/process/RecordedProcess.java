package jujube.process;

/**
 * A process an earlier agent recorded as running (see {@link ProcessRecord}), as its successor waits for it.
 *
 * @param name the name it was recorded with, a hook's for a unit
 * @param pid its process id
 * @since 1.1
 */
public record RecordedProcess(String name, long pid) {}
