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
 * <li>hook queue, a journal: the line {@code {"version":4,"format":"hook queue journal"}}, then lines of
 * {@code <CRC-32 of the JSON, 8 hex digits> <JSON>}, each appended and fsynced. The first of them is the whole state,
 * {@code {"seen":{unit:version},"members":[..],"head_claimed":false,"head_effects":null|{..},
 * "pending":[{"type":"joined|changed|departed","unit":..,"settings_version":n}]}} (a pending change's
 * members are implied, see {@link jujube.workflow.QueuedChange}); each later line is one save's difference,
 * with only the fields that moved: {@code {"seen_set":{unit:version},"seen_removed":[..],
 * "members_added":[..],"members_removed":[..],"pending_splices":[[from,removed,[changes]],..],
 * "head_claimed":b,"head_effects":null|{..}}}. The queue is the first line with every whole line after it
 * applied; a cut last line is dropped. A journal that would pass 64 KiB or four times its first line,
 * whichever is larger, is replaced atomically by the header and a line of its whole state. A file of
 * another version is refused.</li>
 * </ul>
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("4.2.0")
package jujube.workflow;
