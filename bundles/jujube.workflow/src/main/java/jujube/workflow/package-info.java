/**
 * Persistent state machines: the engine ({@link jujube.workflow.Workflow}), the unit and relation
 * workflows as data ({@link jujube.workflow.UnitWorkflow}, {@link jujube.workflow.RelationWorkflow})
 * with their lifecycle tables ({@link jujube.workflow.UnitState}, {@link jujube.workflow.RelationState}),
 * and the relation hook scheduler's persistent queue ({@link jujube.workflow.HookQueue}).
 *
 * <p>File formats (JSON, {@code version} 1, replaced atomically, validated when read):
 * <ul>
 * <li>workflow state: {@code {"version":1,"state":"started","in_flight":null,"vars":{"k":"v"}}}</li>
 * <li>history: one line per stored step, {@code {"at":..,"step":"in_flight|committed|failed|vars|recovered",
 * "transition":..,"state":..,"in_flight":..}}, appended and fsynced</li>
 * <li>hook queue: {@code {"version":1,"seen":{unit:version},"members":[..],"head_claimed":false,
 * "head_effects":null|{..},"pending":[{"type":"joined|changed|departed","unit":..,"settings_version":n,
 * "members":[..]}]}} ({@code head_effects}: the executed head's effects, since 1.1; absent reads as null)</li>
 * </ul>
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package jujube.workflow;
