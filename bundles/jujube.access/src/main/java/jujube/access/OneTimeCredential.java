package jujube.access;

import java.util.Objects;

/**
 * What a new machine agent is handed by its provider to obtain its identity (the original's one-time
 * password principal): a node only this credential may read, holding the machine's own credentials.
 * The agent that redeems it (the state connection's {@code redeem}) deletes the node, so it works once and is
 * useless afterwards; the provisioning agent issues a fresh one for every launch. Stored on the machine
 * as {@link CredentialFiles#ONE_TIME} in its data directory. {@link #toString()} never shows the secret.
 *
 * @param node the node, below the environment's root (its chroot, if any, not included)
 * @param credential the one-time principal and its secret
 */
public record OneTimeCredential(String node, Credential credential) {
    public OneTimeCredential {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(credential, "credential");
        if (!node.matches("(/[A-Za-z0-9._-]+)+")) {
            throw new IllegalArgumentException("'" + node + "' is not a node path");
        }
    }

    @Override
    public String toString() {
        return "OneTimeCredential[" + node + "]";
    }
}
