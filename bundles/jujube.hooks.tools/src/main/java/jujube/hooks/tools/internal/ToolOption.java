package jujube.hooks.tools.internal;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The options of the hook tools: most take a value; a flag ({@link #isFlag}) takes none, or one joined by
 * {@code =} ({@code --application=False}, as the ops library writes it).
 */
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
    CLIENT_LOG_FILE("--log-file"),
    /** juju 3's {@code juju-log --debug}: the message at DEBUG. */
    DEBUG(true, "--debug"),
    /** config-get's every option, those without a value included. */
    ALL(true, "-a", "--all"),
    /** opened-ports' ports with the endpoints they are open on. */
    ENDPOINTS(true, "--endpoints"),
    /** network-get's single values. */
    BIND_ADDRESS(true, "--bind-address"),
    INGRESS_ADDRESS(true, "--ingress-address"),
    EGRESS_SUBNETS(true, "--egress-subnets"),
    PRIMARY_ADDRESS(true, "--primary-address"),
    /** status-set's and status-get's application instead of the unit. */
    APPLICATION(true, "--application"),
    /** relation-set's settings from a YAML or JSON file, {@code -} for stdin (Go juju's form, as ops writes it). */
    FILE("--file"),
    /** relation-get's, relation-set's and relation-list's application data instead of units'. */
    APP(true, "--app"),
    /** state-get's failure on a key that is not there. */
    STRICT(true, "--strict"),
    /** status-get's message and data besides the status. */
    INCLUDE_DATA(true, "--include-data");

    /** Accepted by every tool. */
    static final Set<ToolOption> COMMON = EnumSet.of(FORMAT, OUTPUT, SOCKET, CLIENT_ID, CLIENT_LOG_LEVEL, CLIENT_LOG_FILE);

    private final List<String> spellings;
    private final boolean flag;

    ToolOption(String... spellings) {
        this(false, spellings);
    }

    ToolOption(boolean flag, String... spellings) {
        this.flag = flag;
        this.spellings = List.of(spellings);
    }

    /** Whether the option is a flag: given alone, it means true. */
    boolean isFlag() {
        return flag;
    }

    List<String> spellings() {
        return spellings;
    }

    String metavar() {
        return name().replace('_', '-');
    }
}
