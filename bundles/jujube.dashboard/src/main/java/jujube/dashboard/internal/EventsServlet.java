package jujube.dashboard.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.http.whiteboard.propertytypes.HttpWhiteboardServletPattern;

/**
 * {@code /dashboard/events}: the environment's view and then its changes, as server-sent events
 * ({@code snapshot}, {@code diff}), for as long as the browser listens. A comment every 15 s keeps idle
 * connections open through proxies and finds browsers that left.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/dashboard/events")
public final class EventsServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient Gate gate;
    private final transient EnvironmentFeed feed;

    @Activate
    public EventsServlet(@Reference Gate gate, @Reference EnvironmentFeed feed) {
        this.gate = gate;
        this.feed = feed;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!gate.admit(request, response)) {
            return;
        }
        response.setContentType("text/event-stream;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        PrintWriter out = response.getWriter();
        BlockingQueue<String> events = feed.follow();
        try {
            while (!out.checkError()) {
                String event = events.poll(15, TimeUnit.SECONDS);
                if (event == null) {
                    out.print(": idle\n\n");
                } else if (event.isEmpty()) {
                    return; // dropped for falling behind: the browser reconnects and starts afresh
                } else {
                    out.print(event);
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            feed.unfollow(events);
        }
    }
}
