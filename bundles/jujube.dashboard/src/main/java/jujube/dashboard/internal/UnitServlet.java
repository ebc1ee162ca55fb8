package jujube.dashboard.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServletResponse;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.StatusEntry;
import jujube.model.UnitName;
import jujube.state.StateConnection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.http.whiteboard.propertytypes.HttpWhiteboardServletPattern;

/**
 * {@code /dashboard/api/unit?unit=blog/0}: a unit's status history and its relations, each with the
 * keys of the unit's own settings in it. Values are never read out: settings hold passwords, and the
 * page shows what the logs show of them, their keys.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/dashboard/api/unit")
public final class UnitServlet extends UnitRequestServlet {
    private static final long serialVersionUID = 1L;
    /** The most history entries sent: the latest. */
    static final int MAX_HISTORY = 100;
    private final transient StateConnection state;
    private final transient ObjectMapper json = new ObjectMapper();

    @Activate
    public UnitServlet(@Reference Gate gate, @Reference StateConnection state) {
        super(gate);
        this.state = state;
    }

    @Override
    void serve(UnitName unit, HttpServletResponse response) throws IOException {
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("unit", unit.toString());
        try {
            List<StatusEntry> history = state.units().statusHistory(unit);
            List<Map<String, String>> shown = new ArrayList<>();
            for (StatusEntry e : history.subList(Math.max(0, history.size() - MAX_HISTORY), history.size())) {
                shown.add(Map.of("at", e.at().toString(), "state", e.state().replace('_', '-'), "hook", e.hook(),
                        "message", e.message()));
            }
            page.put("history", shown);
            List<Map<String, Object>> relations = new ArrayList<>();
            for (RelationInfo r : state.relations().list()) {
                if (r.endpointOf(unit.service()).isEmpty()) {
                    continue;
                }
                Map<String, Object> rel = new LinkedHashMap<>();
                rel.put("id", r.id());
                rel.put("interface", r.interfaceName());
                rel.put("endpoints", r.endpoints().stream().map(RelationEndpoint::serviceName).toList());
                rel.put("settingsKeys", new TreeSet<>(state.relations().of(r.id(), unit).settings().values().keySet()));
                relations.add(rel);
            }
            page.put("relations", relations);
        } catch (RuntimeException e) {
            // gone meanwhile, or the state unreachable: one line, no trace
            response.setStatus(HttpServletResponse.SC_NOT_FOUND);
            response.setContentType("text/plain;charset=utf-8");
            response.getWriter().println("cannot read unit " + unit + ": " + e.getClass().getSimpleName());
            return;
        }
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        json.writeValue(response.getOutputStream(), page);
    }
}
