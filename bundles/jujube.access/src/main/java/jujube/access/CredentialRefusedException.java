package jujube.access;

import jujube.model.StateException;

/**
 * A credential ZooKeeper does not accept: a one-time credential used already, revoked by a newer one or
 * never issued. A machine agent that meets it cannot act; its provisioning agent launches it again, with a
 * fresh one-time credential, once the agent has not come up within its bootstrap timeout.
 */
public class CredentialRefusedException extends StateException {
    private static final long serialVersionUID = 1L;

    public CredentialRefusedException(String message) {
        super(message);
    }
}
