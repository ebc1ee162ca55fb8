/**
 * Crash-safe writes of the small files agents and the command line keep on disk: a file is replaced
 * whole or not at all ({@link jujube.files.AtomicFiles#write}), what is appended is on disk when the call
 * returns ({@link jujube.files.AtomicFiles#appendLine}, {@link jujube.files.AtomicFiles#append}), and what
 * a write interrupted by {@code kill -9} left beside its target can be swept
 * ({@link jujube.files.AtomicFiles#sweepStaleTemps}). Such files are read within a limit checked before
 * reading ({@link jujube.files.SmallFiles#read}), and one found corrupt ({@link jujube.files.CorruptFileException})
 * is set aside for inspection ({@link jujube.files.SmallFiles#setAside}). Every file made here is its owner's
 * only ({@code 0600}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.7.0")
package jujube.files;
