package jujube.model;

/** Settings that a write would grow over their limit: nothing was written. */
public class SettingsTooLargeException extends StateException {
    private static final long serialVersionUID = 1L;

    public SettingsTooLargeException(String what, int limit) {
        super(what + " would be over the limit of " + limit + " bytes");
    }
}
