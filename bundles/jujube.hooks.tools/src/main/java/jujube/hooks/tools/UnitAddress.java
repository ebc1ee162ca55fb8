package jujube.hooks.tools;

import java.util.Optional;

/** The unit attributes {@code unit-get} reads. */
public enum UnitAddress {
    PRIVATE_ADDRESS("private-address"),
    PUBLIC_ADDRESS("public-address");

    private final String toolName;

    UnitAddress(String toolName) {
        this.toolName = toolName;
    }

    /** The name on the command line. */
    public String toolName() {
        return toolName;
    }

    public static Optional<UnitAddress> fromToolName(String name) {
        for (UnitAddress address : values()) {
            if (address.toolName.equals(name)) {
                return Optional.of(address);
            }
        }
        return Optional.empty();
    }
}
