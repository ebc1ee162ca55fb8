package jujube.dashboard.internal;

import java.io.IOException;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.http.whiteboard.propertytypes.HttpWhiteboardServletPattern;

/**
 * {@code /dashboard/login?token=...}: trades a valid token for a cookie holding it (secure, HTTP only, this
 * site only), then sends the browser to the page, so the token leaves the address bar and its history.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/dashboard/login")
public final class LoginServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient Gate gate;

    @Activate
    public LoginServlet(@Reference Gate gate) {
        this.gate = gate;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String token = request.getParameter("token");
        if (!gate.accepts(token)) {
            Gate.refuse(response);
            return;
        }
        // the token is checked: it holds only digits, '.', '-', '_' and letters, safe in a header
        response.setHeader("Set-Cookie", Gate.COOKIE + "=" + token
                + "; Path=/dashboard; Secure; HttpOnly; SameSite=Strict");
        response.setHeader("Cache-Control", "no-store");
        response.sendRedirect("/dashboard/");
    }
}
