package jujube.state;

/**
 * A machine as status shows it.
 *
 * @param id the machine's number
 * @param instanceId the provider's id of its instance, empty when not provisioned yet
 * @param agentConnected whether its machine agent's presence node exists
 */
public record MachineInfo(int id, String instanceId, boolean agentConnected) {}
