/**
 * The environment's vocabulary, shared by every bundle and depending on none: names of units, ports,
 * relation roles, scopes and endpoints, the records that describe machines, services, units and
 * relations as the state holds them, the debug log's records with the escaping that keeps each one a
 * single printable line, and the exceptions that name what is missing or conflicting.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package jujube.model;
