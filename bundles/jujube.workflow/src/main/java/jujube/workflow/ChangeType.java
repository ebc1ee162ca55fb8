package jujube.workflow;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of relation change, each run as the hook {@code <relation>-relation-<hookSuffix>}. */
public enum ChangeType {
    JOINED("joined"),
    CHANGED("changed"),
    DEPARTED("departed"),
    /**
     * The remote application's data bag changed: {@code -relation-changed} with no remote unit. Its
     * change's unit names the application only ({@code <application>/0}, as a placeholder): it is no member.
     *
     * @since 4.2
     */
    APP_CHANGED("app-changed"),
    /**
     * The unit entered the relation: {@code -relation-created}, first of all its hooks in the relation,
     * once. Its change's unit names the remote application only, as {@link #APP_CHANGED}'s.
     *
     * @since 4.2
     */
    CREATED("created");

    private final String hookName;

    ChangeType(String hookName) {
        this.hookName = hookName;
    }

    /** {@code joined}, {@code changed}, {@code departed} or {@code app-changed}: the stored name. */
    public String hookName() {
        return hookName;
    }

    /**
     * The hook's suffix: {@code changed} for an application's change, else {@link #hookName()}.
     *
     * @since 4.2
     */
    public String hookSuffix() {
        return this == APP_CHANGED ? CHANGED.hookName : hookName;
    }

    /** Whether the change is about an application's data rather than a unit. */
    public boolean isApplication() {
        return this == APP_CHANGED;
    }

    /**
     * Whether the change is about a remote unit (joined, changed, departed), which moves the members;
     * the others name the remote application only.
     *
     * @since 4.2
     */
    public boolean aboutUnit() {
        return this == JOINED || this == CHANGED || this == DEPARTED;
    }

    public static Optional<ChangeType> named(String name) {
        return Arrays.stream(values()).filter(t -> t.hookName.equals(name)).findFirst();
    }
}
