package jujube.hooks.tools.internal;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The options of the hook tools; each takes a value. */
enum ToolOption {
    FORMAT("--format"),
    OUTPUT("-o", "--output"),
    SOCKET("-s", "--socket"),
    CLIENT_ID("--client-id", "--client_id"),
    RELATION_ID("-r", "--relation-id"),
    LOG_LEVEL("-l", "--log-level");

    /** Accepted by every tool. */
    static final Set<ToolOption> COMMON = EnumSet.of(FORMAT, OUTPUT, SOCKET, CLIENT_ID);

    private final List<String> spellings;

    ToolOption(String... spellings) {
        this.spellings = List.of(spellings);
    }

    List<String> spellings() {
        return spellings;
    }

    String metavar() {
        return name().replace('_', '-');
    }
}
