package jujube.access;

import java.util.regex.Pattern;

/**
 * Names that say their value is a credential: a password, a passphrase, a secret, a token, a private,
 * API, access or authentication key. The command line and the agents' logs never show the value of a
 * setting or option so named, even where they show other values.
 */
public final class CredentialNames {
    private static final Pattern CREDENTIAL = Pattern.compile(
            "password|passwd|passphrase|secret|token|credential|(private|api|access|auth)[-_]?key",
            Pattern.CASE_INSENSITIVE);

    private CredentialNames() {}

    /** Whether a setting or option called {@code name} holds a credential, by its name. */
    public static boolean isCredential(String name) {
        return CREDENTIAL.matcher(name).find();
    }
}
