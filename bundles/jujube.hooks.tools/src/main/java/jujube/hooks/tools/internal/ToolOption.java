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
    /** juju-log's level of the message. */
    LOG_LEVEL("-l"),
    /**
     * The original client's own logging ({@code --log-level}, {@code --log-file}), which every tool took:
     * accepted so that such command lines run, with no effect, since the forwarder logs nothing itself.
     */
    CLIENT_LOG_LEVEL("--log-level"),
    CLIENT_LOG_FILE("--log-file");

    /** Accepted by every tool. */
    static final Set<ToolOption> COMMON = EnumSet.of(FORMAT, OUTPUT, SOCKET, CLIENT_ID, CLIENT_LOG_LEVEL, CLIENT_LOG_FILE);

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
