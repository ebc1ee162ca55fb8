package jujube.charm;

/**
 * A service configuration value that does not fit the charm's options: an unknown option, or a value
 * that does not convert to the option's type. The message names the option and the value.
 */
public final class ConfigValueException extends CharmException {
    private static final long serialVersionUID = 1L;

    private final String option;

    /** @param option the option's name @param problem what is wrong, naming the value */
    public ConfigValueException(String option, String problem) {
        super("config option " + option + ": " + problem);
        this.option = option;
    }

    /** The name of the option whose value was rejected. */
    public String option() {
        return option;
    }
}
