package jujube.charm;

/**
 * A charm-related failure this bundle expects and names. The message always says which charm, file, URL,
 * option or archive is concerned and what is wrong with it, so callers can show it to an operator as is.
 * Unchecked, like the state bundle's exceptions, so a caller handles the family in one place.
 */
public abstract sealed class CharmException extends RuntimeException
        permits InvalidCharmException,
                CharmNotFoundException,
                InvalidCharmUrlException,
                ConfigValueException,
                CharmArchiveException,
                CharmStorageException {
    private static final long serialVersionUID = 1L;

    protected CharmException(String message) {
        super(message);
    }

    protected CharmException(String message, Throwable cause) {
        super(message, cause);
    }
}
