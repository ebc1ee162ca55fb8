/**
 * Persistent state machines: the engine ({@link jujube.workflow.Workflow}), the unit and relation
 * workflows as data ({@link jujube.workflow.UnitWorkflow}, {@link jujube.workflow.RelationWorkflow})
 * with their lifecycle tables ({@link jujube.workflow.UnitState}, {@link jujube.workflow.RelationState}),
 * and the relation hook scheduler's persistent queue ({@link jujube.workflow.HookQueue}).
 *
 * <p>File formats (JSON, validated when read, a size limit checked first; the workflow state replaced atomically):
 * <ul>
 * <li>workflow state: {@code {"version":1,"state":"started","in_flight":null,"vars":{"k":"v"}}}</li>
 * <li>history: one line per stored step, {@code {"at":..,"step":"in_flight|committed|failed|vars|recovered",
 * "transition":..,"state":..,"in_flight":..}}, appended and fsynced</li>
 * <li>hook queue (since 1.3 a journal, version 2): the line {@code {"version":2,"format":"hook queue journal"}},
 * then one line per save, {@code <CRC-32 of the JSON, 8 hex digits> {"seen":{unit:version},"members":[..],
 * "head_claimed":false,"head_effects":null|{..},"pending":[{"type":"joined|changed|departed","unit":..,
 * "settings_version":n,"members":[..]}]}}, appended and fsynced; the last whole line is the queue, and a
 * journal past 64 KiB is replaced atomically by its last state. Version 1, one such document with
 * {@code "version":1} replaced atomically at each save, is still read ({@code head_effects}: the executed
 * head's effects, since 1.1; absent reads as null)</li>
 * </ul>
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.4.0")
package jujube.workflow;
