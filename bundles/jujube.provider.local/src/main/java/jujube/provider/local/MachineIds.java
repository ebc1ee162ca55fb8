package jujube.provider.local;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host's user and group ids that a container machine's own ids are mapped to ({@code lxc.idmap}):
 * the machine's root is {@code uid} on the host, its user {@code n} is {@code uid + n}, for
 * {@code count} ids. None of them is the host's root, or any user of the host, so whatever a hook does as
 * root in its machine it does as nobody outside it. Every machine of the host shares the range (as
 * LXD's do by default): their base root is owned by it once, and machines are kept apart by their own
 * mounts and process trees, not by their ids.
 *
 * @param uid the first host user id, the machine's root
 * @param gid the first host group id, the machine's root group
 * @param count how many ids, at least {@link #COUNT} so that a distribution's system and user ids fit
 */
public record MachineIds(long uid, long gid, long count) {
    /** The size of the range a machine needs: every 16-bit id a distribution may use. */
    public static final long COUNT = 65_536;
    /** The highest id plus one: ids are 32-bit, and {@code 2^32 - 1} means "no id". */
    private static final long ID_LIMIT = 0xFFFF_FFFFL;
    private static final Pattern TEXT = Pattern.compile("([0-9]{1,10}):([0-9]{1,10}):([0-9]{1,10})");

    public MachineIds {
        if (uid < 1 || gid < 1) {
            throw new IllegalArgumentException("a machine's ids cannot start at the host's root, got " + uid + ":" + gid);
        }
        if (count < COUNT) {
            throw new IllegalArgumentException("a machine needs " + COUNT + " ids, got " + count);
        }
        if (uid + count > ID_LIMIT || gid + count > ID_LIMIT) {
            throw new IllegalArgumentException("the ids " + uid + ":" + gid + ":" + count + " pass the highest id");
        }
    }

    /** Parses {@link #toString()}'s form, {@code UID:GID:COUNT}. */
    public static MachineIds parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("machine ids are written UID:GID:COUNT, got '" + text + "'");
        }
        return new MachineIds(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)));
    }

    /** The host id of the machine's user {@code inside}, which must be below {@link #count}. */
    public long hostUid(long inside) {
        return uid + inside;
    }

    /** The host id of the machine's group {@code inside}. */
    public long hostGid(long inside) {
        return gid + inside;
    }

    /** {@code UID:GID:COUNT}, as {@code environment.yaml} keeps it. */
    @Override
    public String toString() {
        return uid + ":" + gid + ":" + count;
    }
}
