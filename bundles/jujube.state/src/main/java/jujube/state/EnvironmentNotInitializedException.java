package jujube.state;

import jujube.model.StateException;

/** The environment has no {@code /initialized} node: it was never bootstrapped, or is being. */
public class EnvironmentNotInitializedException extends StateException {
    private static final long serialVersionUID = 1L;

    public EnvironmentNotInitializedException(String message) {
        super(message);
    }
}
