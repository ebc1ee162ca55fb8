package jujube.dashboard.internal;

import java.util.Arrays;
import java.util.concurrent.BlockingQueue;

/**
 * The controller's part of one change at N units (bench/dashboard/run.sh prints it): the view made from an
 * overview, compared with the last, and the diff written as the event every browser gets; the snapshot a
 * new browser gets, in bytes. The overview's read from ZooKeeper is not in it (bench/cli measures it).
 */
public final class EnvironmentViewBench {
    public static void main(String[] args) throws Exception {
        int units = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        var healthy = Environments.blog(units, "started");
        var failed = Environments.blog(units, "config_changed_error");
        EnvironmentFeed feed = EnvironmentFeed.detached();
        feed.publish(EnvironmentView.of(healthy));
        BlockingQueue<String> browser = feed.follow();
        int snapshotBytes = browser.take().length();
        long[] nanos = new long[200];
        int diffBytes = 0;
        for (int i = 0; i < nanos.length; i++) {
            long t0 = System.nanoTime();
            feed.publish(EnvironmentView.of(i % 2 == 0 ? failed : healthy));
            nanos[i] = System.nanoTime() - t0;
            diffBytes = browser.take().length();
        }
        long[] warm = Arrays.copyOfRange(nanos, 100, nanos.length);
        Arrays.sort(warm);
        System.out.printf("%d units: a change's view, diff and event on the controller median %.2f ms (p90 %.2f);"
                + " snapshot %d bytes, one unit's diff %d bytes%n", units, warm[warm.length / 2] / 1e6,
                warm[warm.length * 9 / 10] / 1e6, snapshotBytes, diffBytes);
    }
}
