package jujube.dashboard.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.http.whiteboard.propertytypes.HttpWhiteboardServletPattern;

/**
 * {@code /dashboard/}: the page and its scripts and style, from this bundle's {@code web/}, to a logged-in
 * browser only. A fixed list of files: no path from the request ever names a resource.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/dashboard/*")
public final class PageServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FILES = Map.of(
            "/", "text/html;charset=utf-8", "/app.js", "text/javascript;charset=utf-8",
            "/layout.js", "text/javascript;charset=utf-8", "/unit.js", "text/javascript;charset=utf-8",
            "/style.css", "text/css;charset=utf-8");
    private final transient Gate gate;

    @Activate
    public PageServlet(@Reference Gate gate) {
        this.gate = gate;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        String type = FILES.get(path);
        if (type == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        if (!gate.admit(request, response)) {
            return;
        }
        response.setContentType(type);
        response.setHeader("Cache-Control", "no-store");
        // scripts from here only: the page works with no other site reachable
        response.setHeader("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:");
        try (InputStream in = PageServlet.class.getResourceAsStream("/web" + (path.equals("/") ? "/index.html" : path))) {
            if (in == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            in.transferTo(response.getOutputStream());
        }
    }
}
