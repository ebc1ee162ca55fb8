package jujube.launcher;

/** A reason the framework cannot be launched, worded for the operator. */
final class LaunchException extends Exception {
    private static final long serialVersionUID = 1L;

    LaunchException(String message) {
        super(message);
    }
}
