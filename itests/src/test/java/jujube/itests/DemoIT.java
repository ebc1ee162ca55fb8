package jujube.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import jujube.provider.local.LocalLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code bin/demo}, the README's main command, converges in a fresh JUJUBE_HOME and says how to go on. */
class DemoIT {
    @RegisterExtension
    static final ScratchDirectories SCRATCH = new ScratchDirectories();

    private static final Path ROOT = Path.of(System.getProperty("jujube.itest.dist"), "../../..").normalize();
    private Path home;

    @AfterEach
    void destroy() throws Exception {
        Distribution jujube = new Distribution(home);
        if (Files.exists(jujube.envDir())) {
            jujube.jujube("destroy-environment", "-y");
        }
        for (ProcessHandle p : Distribution.processesMentioning(home)) {
            p.destroyForcibly();
        }
    }

    @Test
    void demo_relates_a_blog_and_its_database_and_explains_what_next() throws Exception {
        home = SCRATCH.make("jujube-demo");
        Distribution jujube = new Distribution(home);
        Distribution.Run demo = jujube.run(Map.of("JUJUBE_HOME", home.toString()), ROOT.resolve("bin/demo").toString());
        assertEquals(0, demo.exit(), demo.err() + demo.out());
        assertTrue(demo.out().contains("credentials: 1/1"), demo.out());
        assertTrue(demo.out().contains("blog/0:\n        agent-state: started"), demo.out());
        assertTrue(demo.out().contains("bin/jujube destroy-environment -y"), demo.out());
        Path blog = LocalLayout.machineDir(jujube.envDir(), 0, Environment.containers(jujube.envDir())).resolve("units/blog-0");
        assertTrue(Files.readString(blog.resolve("db.conf")).contains("user=blog"));

        // run again on the same environment: nothing is deployed twice
        Distribution.Run again = jujube.run(Map.of("JUJUBE_HOME", home.toString()), ROOT.resolve("bin/demo").toString());
        assertEquals(0, again.exit(), again.err() + again.out());
        assertTrue(again.err().contains("already bootstrapped") || again.out().contains("already bootstrapped"), again.err());
        assertTrue(!again.out().contains("Deployed"), again.out());
    }
}
