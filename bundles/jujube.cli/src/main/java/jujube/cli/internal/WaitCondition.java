package jujube.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import jujube.model.MachineInfo;
import jujube.model.ServiceInfo;
import jujube.model.UnitName;
import jujube.model.UnitStatus;
import jujube.state.EnvironmentOverview;

/**
 * The condition {@code wait-for} waits for: clauses {@code KEY OP VALUE} joined by {@code &&}, all of
 * which must hold. Operators: {@code =} and {@code !=} for every key, {@code < <= > >=} for number keys.
 * The keys of each kind of entity and their values are {@link Kind}'s; {@code life} is {@code alive} while
 * the entity exists and {@code dead} once it is gone (or before it exists); every other key has no value for
 * an entity that does not exist, and a clause on a key without a value does not hold. Parsing is strict:
 * an unknown key, operator or value is refused with what is allowed. docs/operations.md has the reference.
 */
record WaitCondition(Kind kind, List<Clause> clauses) {
    /** The longest query taken: a condition is a handful of clauses. */
    static final int MAX_LENGTH = 1024;
    private static final Pattern CLAUSE = Pattern.compile("([a-z][a-z-]*)\\s*(!=|>=|<=|=|>|<)\\s*([A-Za-z0-9._/:-]+)");

    /** The type of a key's values. */
    enum Type {
        TEXT, NUMBER, BOOLEAN, LIFE
    }

    /** What can be waited for, and the keys each has. */
    enum Kind {
        UNIT(Map.of("agent-state", Type.TEXT, "workload-status", Type.TEXT, "leader", Type.BOOLEAN,
                "machine", Type.NUMBER, "life", Type.LIFE)),
        SERVICE(Map.of("units", Type.NUMBER, "started-units", Type.NUMBER, "exposed", Type.BOOLEAN,
                "application-status", Type.TEXT, "life", Type.LIFE)),
        MACHINE(Map.of("agent-state", Type.TEXT, "instance-id", Type.TEXT, "units", Type.NUMBER, "life", Type.LIFE));

        final Map<String, Type> keys;

        Kind(Map<String, Type> keys) {
            this.keys = keys;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code unit}, {@code service} (or juju 3's {@code application}), {@code machine}. */
        static Optional<Kind> parse(String text) {
            return switch (text) {
                case "unit" -> Optional.of(UNIT);
                case "service", "application" -> Optional.of(SERVICE);
                case "machine" -> Optional.of(MACHINE);
                default -> Optional.empty();
            };
        }
    }

    /** One {@code KEY OP VALUE}. */
    record Clause(String key, String op, String value, Type type) {
        boolean holds(Map<String, String> facts) {
            String seen = facts.get(key);
            if (seen == null) {
                return false;
            }
            return switch (op) {
                case "=" -> seen.equals(value);
                case "!=" -> !seen.equals(value);
                default -> compare(Long.parseLong(seen), Long.parseLong(value));
            };
        }

        private boolean compare(long seen, long wanted) {
            return switch (op) {
                case ">=" -> seen >= wanted;
                case "<=" -> seen <= wanted;
                case ">" -> seen > wanted;
                default -> seen < wanted;
            };
        }

        @Override
        public String toString() {
            return key + op + value;
        }
    }

    /** Parses a query; an {@link IllegalArgumentException} says what is wrong with it. */
    static WaitCondition parse(Kind kind, String query) {
        if (query.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("the query has " + query.length() + " characters, more than the "
                    + MAX_LENGTH + " a query may have");
        }
        List<Clause> clauses = new ArrayList<>();
        for (String part : query.split("&&", -1)) {
            String text = part.strip();
            Matcher m = CLAUSE.matcher(text);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + shown(text) + "' is not a condition KEY=VALUE (or != < <= > >=);"
                        + " clauses are joined by &&");
            }
            String key = m.group(1);
            String op = m.group(2);
            String value = m.group(3);
            Type type = kind.keys.get(key);
            if (type == null) {
                throw new IllegalArgumentException("a " + kind.label() + " has no key '" + key + "' (keys: "
                        + kind.keys.keySet().stream().sorted().collect(Collectors.joining(", ")) + ")");
            }
            boolean ordering = !op.equals("=") && !op.equals("!=");
            if (ordering && type != Type.NUMBER) {
                throw new IllegalArgumentException("'" + op + "' compares numbers; " + key + " takes = or !=");
            }
            if (type == Type.NUMBER && !value.matches("-?[0-9]{1,18}")) {
                throw new IllegalArgumentException(key + " is a number, not '" + value + "'");
            }
            if (type == Type.BOOLEAN && !Set.of("true", "false").contains(value)) {
                throw new IllegalArgumentException(key + " is true or false, not '" + value + "'");
            }
            if (type == Type.LIFE && !Set.of("alive", "dead").contains(value)) {
                throw new IllegalArgumentException("life is alive or dead, not '" + value + "'");
            }
            clauses.add(new Clause(key, op, value, type));
        }
        return new WaitCondition(kind, clauses);
    }

    boolean holds(Map<String, String> facts) {
        return clauses.stream().allMatch(c -> c.holds(facts));
    }

    @Override
    public String toString() {
        return clauses.stream().map(Clause::toString).collect(Collectors.joining(" && "));
    }

    /** What the keys of {@code name} are in {@code overview}, key by key ({@code life=dead} alone when it does not exist). */
    static Map<String, String> facts(Kind kind, String name, EnvironmentOverview overview) {
        Map<String, String> facts = new LinkedHashMap<>();
        switch (kind) {
            case UNIT -> overview.units().stream().filter(u -> u.info().name().toString().equals(name)).findFirst()
                    .ifPresent(u -> unit(u, overview, facts));
            case SERVICE -> overview.services().stream().filter(s -> s.name().equals(name)).findFirst()
                    .ifPresent(s -> service(s, overview, facts));
            default -> overview.machines().stream().filter(m -> Integer.toString(m.id()).equals(name)).findFirst()
                    .ifPresent(m -> machine(m, overview, facts));
        }
        facts.put("life", facts.isEmpty() ? "dead" : "alive");
        return facts;
    }

    private static void unit(UnitStatus u, EnvironmentOverview overview, Map<String, String> facts) {
        UnitName name = u.info().name();
        facts.put("agent-state", StatusReport.agentState(u));
        // as status shows it: an error of the unit's workflow is its workload's error too
        boolean failed = u.info().workflowState().endsWith("_error");
        facts.put("workload-status", failed ? "error" : u.workload().map(w -> w.status().current()).orElse("unknown"));
        facts.put("leader", Boolean.toString(name.equals(overview.leaders().get(name.service()))));
        u.info().machineId().ifPresent(m -> facts.put("machine", Integer.toString(m)));
    }

    private static void service(ServiceInfo s, EnvironmentOverview overview, Map<String, String> facts) {
        facts.put("units", Integer.toString(s.units().size()));
        long started = overview.units().stream().filter(u -> u.info().name().service().equals(s.name()))
                .filter(u -> StatusReport.agentState(u).equals("started")).count();
        facts.put("started-units", Long.toString(started));
        facts.put("exposed", Boolean.toString(overview.exposedServices().contains(s.name())));
        facts.put("application-status", overview.applicationStatus(s.name()).map(jujube.model.WorkloadStatus::current)
                .orElse(jujube.model.WorkloadStatus.UNKNOWN));
    }

    private static void machine(MachineInfo m, EnvironmentOverview overview, Map<String, String> facts) {
        facts.put("agent-state", m.agentState());
        facts.put("instance-id", m.instanceId().isEmpty() ? "pending" : m.instanceId());
        long units = overview.units().stream().filter(u -> u.info().machineId().orElse(-1) == m.id()).count();
        facts.put("units", Long.toString(units));
    }

    private static String shown(String text) {
        String start = text.length() <= 64 ? text : text.substring(0, 64) + "...";
        return start.replaceAll("\\p{Cntrl}", "?");
    }
}
