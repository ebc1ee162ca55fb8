package jujube.dashboard.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServletResponse;
import jujube.model.LoggedRecord;
import jujube.model.UnitName;
import jujube.state.DebugLog;
import jujube.state.StateConnection;
import jujube.state.Watch;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.http.whiteboard.propertytypes.HttpWhiteboardServletPattern;

/**
 * {@code /dashboard/log?unit=blog/0}: a unit's lines of the debug log, its last {@link #REPLAYED} and then
 * each as it is written, as server-sent {@code line} events; what {@code jujube debug-log -i UNIT} shows,
 * followed through the log's watch.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/dashboard/log")
public final class LogServlet extends UnitRequestServlet {
    private static final long serialVersionUID = 1L;
    static final int REPLAYED = 50;
    private final transient StateConnection state;
    private final transient ObjectMapper json = new ObjectMapper();

    @Activate
    public LogServlet(@Reference Gate gate, @Reference StateConnection state) {
        super(gate);
        this.state = state;
    }

    @Override
    void serve(UnitName unit, HttpServletResponse response) throws IOException {
        response.setContentType("text/event-stream;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        PrintWriter out = response.getWriter();
        DebugLog log = state.debugLog();
        LinkedBlockingQueue<Long> changes = new LinkedBlockingQueue<>();
        try (Watch watch = log.watchLatest(change -> changes.offer(change.current()))) {
            List<LoggedRecord> mine = log.after(-1).stream().filter(r -> unit.toString().equals(r.record().unit())).toList();
            long last = send(out, mine.subList(Math.max(0, mine.size() - REPLAYED), mine.size()), -1);
            if (!mine.isEmpty()) {
                last = Math.max(last, mine.get(mine.size() - 1).sequence());
            }
            while (!out.checkError()) {
                Long latest = changes.poll(15, TimeUnit.SECONDS);
                if (latest == null) {
                    out.print(": idle\n\n");
                    out.flush();
                } else if (latest > last) {
                    changes.clear();
                    List<LoggedRecord> fresh = log.after(last);
                    last = Math.max(last, fresh.isEmpty() ? last : fresh.get(fresh.size() - 1).sequence());
                    send(out, fresh.stream().filter(r -> unit.toString().equals(r.record().unit())).toList(), last);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // the state unreachable: the browser's EventSource reconnects
        }
    }

    private long send(PrintWriter out, List<LoggedRecord> records, long last) throws IOException {
        for (LoggedRecord r : records) {
            out.print("event: line\ndata: " + json.writeValueAsString(Map.of("at", r.record().timestamp().toString(),
                    "level", r.record().level(), "channel", r.record().channel(), "message", r.record().message()))
                    + "\n\n");
            last = Math.max(last, r.sequence());
        }
        out.flush();
        return last;
    }
}
