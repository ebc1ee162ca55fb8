/**
 * Plain documents: maps, lists and scalars read from and written as JSON or YAML by one small codec
 * ({@link jujube.lib.codec.PlainMapCodec}), for the state's node content and the command line's files
 * and output alike.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package jujube.lib.codec;
