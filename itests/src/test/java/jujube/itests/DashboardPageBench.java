package jujube.itests;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The dashboard page's own cost at scale, in headless Chromium: the page's files served as the controller
 * serves them, and its events stream fed by this harness with a view of N units (one service of N units
 * related to a database, on 10 machines), then diffs of one unit each. Prints the time from navigation to
 * every unit drawn, and each diff's time from its arrival in the page to its unit redrawn, with the time
 * the page's main thread spent per diff. Run by bench/dashboard/run.sh; no assertion.
 */
public final class DashboardPageBench {
    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        int units = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int diffs = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        Path web = Path.of(args.length > 2 ? args[2] : "bundles/jujube.dashboard/src/main/resources/web");
        BlockingQueue<String> events = new ArrayBlockingQueue<>(diffs + 2);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/dashboard/", exchange -> serve(exchange, web, events));
        server.start();
        events.add(event("snapshot", view(units, -1)));
        ChromeDriver browser = chromium();
        try {
            long t0 = System.nanoTime();
            browser.get("http://127.0.0.1:" + server.getAddress().getPort() + "/dashboard/");
            JavascriptExecutor js = browser;
            while (((Number) js.executeScript("return document.querySelectorAll('.unit').length")).intValue() < units + 1) {
                Thread.sleep(5);
            }
            System.out.printf("%d units: navigation to every unit drawn %.0f ms (wall), %.0f ms by the page's clock%n",
                    units, (System.nanoTime() - t0) / 1e6, ((Number) js.executeScript("return performance.now()")).doubleValue());
            js.executeScript("""
                    window.benchShown = [];
                    window.benchTasks = 0;
                    new PerformanceObserver(list => list.getEntries().forEach(e => window.benchTasks += e.duration))
                      .observe({type: 'longtask', buffered: false});
                    new MutationObserver(() => {
                      const row = document.querySelector(".unit.error[data-unit^='blog/']");
                      if (row && row.dataset.unit !== window.benchLast) {
                        window.benchLast = row.dataset.unit;
                        window.benchShown.push(performance.now());
                      }
                    }).observe(document.getElementById('graph'), {subtree: true, attributes: true});
                    """);
            List<Double> latencies = new ArrayList<>();
            for (int i = 0; i < diffs; i++) {
                int before = ((Number) js.executeScript("return window.benchShown.length")).intValue();
                double sent = ((Number) js.executeScript("return performance.now()")).doubleValue();
                events.add(event("diff", diff(units, i)));
                while (((Number) js.executeScript("return window.benchShown.length")).intValue() == before) {
                    Thread.sleep(1);
                }
                double shown = ((Number) js.executeScript("return window.benchShown[window.benchShown.length - 1]"))
                        .doubleValue();
                latencies.add(shown - sent);
            }
            latencies.sort(Double::compare);
            System.out.printf("%d diffs of one unit among %d: sent to redrawn median %.1f ms, max %.1f ms (includes"
                    + " the harness's WebDriver round trips); long tasks %.0f ms in all%n", diffs, units,
                    latencies.get(latencies.size() / 2), latencies.get(latencies.size() - 1),
                    ((Number) js.executeScript("return window.benchTasks")).doubleValue());
        } finally {
            browser.quit();
            server.stop(0);
        }
    }

    private static void serve(HttpExchange exchange, Path web, BlockingQueue<String> events) throws IOException {
        String path = exchange.getRequestURI().getPath().substring("/dashboard".length());
        if (path.equals("/events")) {
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                while (true) {
                    String e = events.poll(60, TimeUnit.SECONDS);
                    if (e == null) {
                        return;
                    }
                    out.write(e.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        Path file = web.resolve(path.equals("/") ? "index.html" : path.substring(1));
        byte[] body = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
        exchange.getResponseHeaders().add("Content-Type", path.endsWith(".js") ? "text/javascript"
                : path.endsWith(".css") ? "text/css" : "text/html");
        exchange.sendResponseHeaders(Files.exists(file) ? 200 : 404, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** The view the controller sends for a blog of {@code units} units and its database; unit {@code failed} in error. */
    private static Map<String, Object> view(int units, int failed) {
        Map<String, Object> set = new LinkedHashMap<>();
        set.put("service:mysql", Map.of("name", "mysql", "charm", "local:precise/mysql-1", "exposed", false));
        set.put("service:blog", Map.of("name", "blog", "charm", "local:precise/wordpress-3", "exposed", true));
        set.put("relation:relation-0000000000", Map.of("interface", "mysql", "scope", "global", "endpoints", List.of(
                Map.of("service", "blog", "name", "db", "role", "client"),
                Map.of("service", "mysql", "name", "db", "role", "server"))));
        set.put("unit:mysql/0", unit("mysql/0", "started", 0));
        for (int i = 0; i < units; i++) {
            set.put("unit:blog/" + i, unit("blog/" + i, i == failed ? "config-changed-error" : "started", i % 10));
        }
        for (int m = 0; m < 10; m++) {
            set.put("machine:" + m, Map.of("id", m, "agentState", "running", "info", "", "instance", "local-" + m,
                    "limits", Map.of()));
        }
        return Map.of("set", set, "removed", List.of());
    }

    /** Diff {@code i}: unit i fails, unit i-1 (if any) recovers. */
    private static Map<String, Object> diff(int units, int i) {
        Map<String, Object> set = new LinkedHashMap<>();
        set.put("unit:blog/" + i, unit("blog/" + i, "config-changed-error", i % 10));
        if (i > 0) {
            set.put("unit:blog/" + (i - 1), unit("blog/" + (i - 1), "started", (i - 1) % 10));
        }
        return Map.of("set", set, "removed", List.of());
    }

    private static Map<String, Object> unit(String name, String state, int machine) {
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("name", name);
        u.put("service", name.substring(0, name.indexOf('/')));
        u.put("agentState", state);
        u.put("info", state.endsWith("error") ? "hook config-changed failed (exit 1)" : "");
        u.put("leader", name.endsWith("/0"));
        u.put("workload", "active");
        u.put("message", "");
        u.put("machine", machine);
        u.put("address", "10.0.0." + machine);
        u.put("ports", List.of("80/tcp"));
        u.put("relationErrors", List.of());
        return u;
    }

    private static String event(String name, Object data) throws IOException {
        return "event: " + name + "\ndata: " + JSON.writeValueAsString(data) + "\n\n";
    }

    private static ChromeDriver chromium() throws IOException {
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,900",
                "--user-data-dir=" + Files.createTempDirectory("jujube-chromium"));
        return new ChromeDriver(new ChromeDriverService.Builder()
                .usingDriverExecutable(new java.io.File("/usr/bin/chromedriver")).usingAnyFreePort().build(), options);
    }
}
