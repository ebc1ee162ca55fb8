import com.sun.management.OperatingSystemMXBean;
import java.io.FileInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * What a process started from a JVM costs against how many descriptors the JVM holds open: before its
 * exec the JDK's child lists /proc/self/fd and closes each one, and the kernel frees the /proc entries
 * that listing made when the process is reaped. Run by run.sh; a benchmark, not a test.
 *   java SpawnCost.java OPEN_DESCRIPTORS SPAWNS
 */
public final class SpawnCost {
    public static void main(String[] args) throws IOException, InterruptedException {
        int descriptors = Integer.parseInt(args[0]);
        int spawns = Integer.parseInt(args[1]);
        List<FileInputStream> open = new ArrayList<>();
        for (int i = 0; i < descriptors; i++) {
            open.add(new FileInputStream("/dev/null"));
        }
        for (int i = 0; i < 50; i++) { // warm-up: the JDK's process classes, the reaper pool
            new ProcessBuilder("/bin/true").start().waitFor();
        }
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        for (int i = 0; i < spawns; i++) {
            new ProcessBuilder("/bin/true").start().waitFor();
        }
        double wall = (System.nanoTime() - start) / 1e6 / spawns;
        double jvm = (os.getProcessCpuTime() - cpu) / 1e6 / spawns;
        System.out.printf("%d extra descriptors: %.2f ms a process (wall), %.2f ms of the JVM's CPU%n",
                open.size(), wall, jvm);
    }
}
