package jujube.hooks;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;

/**
 * The two spellings of a relation's id: the state's {@code relation-0000000003} and the hooks'
 * {@code db:3}, the relation's name in the unit's own charm and the relation's sequence number. Both
 * sides of a relation agree on the number; each names it after its own endpoint.
 */
public final class RelationIds {
    private static final Pattern STATE_ID = Pattern.compile("relation-(\\d{1,10})");
    private static final Pattern HOOK_ID = Pattern.compile("([^:\\s]+):(\\d{1,10})");

    private RelationIds() {
    }

    /**
     * The hook id of a relation as a unit of {@code serviceName} sees it.
     *
     * @throws IllegalArgumentException when the service takes no part in the relation
     */
    public static String hookId(RelationInfo relation, String serviceName) {
        RelationEndpoint endpoint = relation.endpointOf(serviceName).orElseThrow(() -> new IllegalArgumentException(
                "service " + serviceName + " takes no part in " + relation.id()));
        return endpoint.relationName() + ":" + sequence(relation.id());
    }

    /** The sequence number of a state id: 3 for {@code relation-0000000003}. */
    public static long sequence(String stateId) {
        Matcher m = STATE_ID.matcher(Objects.requireNonNull(stateId, "stateId"));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a relation id relation-N: " + stateId);
        }
        return Long.parseLong(m.group(1));
    }

    /** The state id behind a hook id: {@code relation-0000000003} for {@code db:3}. */
    public static String stateId(String hookId) {
        Matcher m = HOOK_ID.matcher(Objects.requireNonNull(hookId, "hookId"));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a relation id name:N: " + hookId);
        }
        // ZooKeeper's sequence nodes carry ten digits; the id has one to ten (padded by hand: this runs
        // for every relation hook, where String.format's parsing of its pattern showed in profiles)
        String digits = Long.toString(Long.parseLong(m.group(2)));
        return "relation-" + "0".repeat(10 - digits.length()) + digits;
    }

    /** The relation name of a hook id: {@code db} for {@code db:3}. */
    public static String relationName(String hookId) {
        Matcher m = HOOK_ID.matcher(Objects.requireNonNull(hookId, "hookId"));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a relation id name:N: " + hookId);
        }
        return m.group(1);
    }
}
