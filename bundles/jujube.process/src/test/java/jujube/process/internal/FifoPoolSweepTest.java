package jujube.process.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FifoPoolSweepTest {
    @Test
    void removes_the_pipes_of_dead_owners_only(@TempDir Path tmp) throws Exception {
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path stale = Files.createDirectory(tmp.resolve("jujube-hook-" + dead.pid() + "-123"));
        Files.createFile(stale.resolve("0.stdout"));
        Path live = Files.createDirectory(tmp.resolve("jujube-hook-" + ProcessHandle.current().pid() + "-456"));
        Files.createFile(live.resolve("0.stdout"));
        Path foreign = Files.createDirectory(tmp.resolve("jujube-hook-notapid-1"));

        FifoPool.sweepDeadOwners(tmp);

        assertFalse(Files.exists(stale), "a dead owner's pipes are removed");
        assertTrue(Files.exists(live.resolve("0.stdout")), "a running owner's pipes are kept");
        assertTrue(Files.exists(foreign), "what is not ours is left alone");
    }

    @Test
    void makes_its_pipes_in_the_given_directory_and_removes_the_unused_ones(@TempDir Path parent) throws Exception {
        Path mkfifo = Files.isExecutable(Path.of("/usr/bin/mkfifo")) ? Path.of("/usr/bin/mkfifo") : Path.of("/bin/mkfifo");
        FifoPool pool = new FifoPool(mkfifo, parent);
        FifoPool.Pair pair = pool.take();

        assertTrue(pair.dir().startsWith(parent), "made under the pool's parent directory");
        assertTrue(Files.exists(pair.stdout()) && Files.exists(pair.stderr()));
        pool.close();
        FifoPool.delete(pair);
        assertFalse(Files.exists(pair.dir()), "nothing is left once the pair and the unused ones are gone");
    }

    @Test
    void the_default_directory_is_writable() {
        Path parent = FifoPool.defaultParent();
        assertTrue(Files.isDirectory(parent) && Files.isWritable(parent), parent.toString());
    }
}
