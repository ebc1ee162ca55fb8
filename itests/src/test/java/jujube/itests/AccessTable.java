package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * The access policy as a table ({@code security/access.tsv}): every kind of node, the operations tried on
 * it, and what each identity may do; and how one operation is tried without changing anything.
 */
final class AccessTable {
    /** A version no node has: what is allowed fails on it, after ZooKeeper checked the ACL. */
    private static final int WRONG_VERSION = 987_654;

    private AccessTable() {}

    /** One operation of the table's. */
    enum Operation {
        READ('r'), WRITE('w'), CREATE('c'), DELETE('d'), ACL('a');

        final char letter;

        Operation(char letter) {
            this.letter = letter;
        }

        /** Tries it: null when ZooKeeper allowed it (nothing changed), else the code it refused it with. */
        KeeperException.Code attempt(ZooKeeper zk, String path) throws InterruptedException {
            try {
                switch (this) {
                    case READ -> zk.getData(path, false, null);
                    case WRITE -> zk.setData(path, new byte[0], WRONG_VERSION);
                    case CREATE -> zk.multi(List.of(
                            Op.create(path.equals("/") ? "/security-probe" : path + "/security-probe", new byte[0],
                                    ZooDefs.Ids.OPEN_ACL_UNSAFE, org.apache.zookeeper.CreateMode.PERSISTENT),
                            Op.check("/", WRONG_VERSION)));
                    case DELETE -> zk.delete(path, WRONG_VERSION);
                    case ACL -> zk.setACL(path, ZooDefs.Ids.OPEN_ACL_UNSAFE, WRONG_VERSION);
                }
                return this == READ ? null : KeeperException.Code.OK; // a change that went through: never expected
            } catch (KeeperException e) {
                if (this == CREATE && e.getResults() != null) {
                    List<OpResult> results = e.getResults();
                    int first = ((OpResult.ErrorResult) results.get(0)).getErr();
                    int check = ((OpResult.ErrorResult) results.get(1)).getErr();
                    return first == 0 && check == KeeperException.Code.BADVERSION.intValue() ? null
                            : KeeperException.Code.get(first != 0 ? first : check);
                }
                return e.code() == KeeperException.Code.BADVERSION && this != READ ? null : e.code();
            }
        }
    }

    /** The table's rows: kind, path (with {@code {id}} placeholders), operations tried, then a cell per identity. */
    static List<String[]> rows() throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (var in = AccessTable.class.getResourceAsStream("/security/access.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] cells = line.split("\t");
                    assertEquals(8, cells.length, line);
                    rows.add(cells);
                }
            }
        }
        return rows;
    }

    /** A row's path with its placeholders replaced by the environment's ids. */
    static String substitute(String path, Map<String, String> ids) {
        for (Map.Entry<String, String> id : ids.entrySet()) {
            path = path.replace("{" + id.getKey() + "}", id.getValue());
        }
        return path;
    }
}
