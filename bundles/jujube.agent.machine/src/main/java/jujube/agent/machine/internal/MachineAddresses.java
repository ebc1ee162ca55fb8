package jujube.agent.machine.internal;

/**
 * The addresses the machine's units are reached at, published for each unit it deploys.
 *
 * @param publicAddress how the world reaches the units
 * @param privateAddress how the environment's other units reach them
 */
record MachineAddresses(String publicAddress, String privateAddress) {
    MachineAddresses {
        if (publicAddress == null || publicAddress.isBlank() || privateAddress == null || privateAddress.isBlank()) {
            throw new IllegalArgumentException("a machine's public and private addresses must not be empty");
        }
    }
}
