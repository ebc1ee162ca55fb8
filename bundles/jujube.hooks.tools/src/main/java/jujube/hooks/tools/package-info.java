/** The hook tools: parsing, validation and formatting, run in the agent. */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.3.0")
package jujube.hooks.tools;
