package jujube.workflow;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of relation change, each run as the hook {@code <relation>-relation-<hookName>}. */
public enum ChangeType {
    JOINED("joined"),
    CHANGED("changed"),
    DEPARTED("departed");

    private final String hookName;

    ChangeType(String hookName) {
        this.hookName = hookName;
    }

    /** {@code joined}, {@code changed} or {@code departed}: the hook's suffix and the stored name. */
    public String hookName() {
        return hookName;
    }

    public static Optional<ChangeType> named(String name) {
        return Arrays.stream(values()).filter(t -> t.hookName.equals(name)).findFirst();
    }
}
