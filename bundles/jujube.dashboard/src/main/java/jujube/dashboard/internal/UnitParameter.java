package jujube.dashboard.internal;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import jujube.model.UnitName;

/** The {@code unit} parameter of a request: a unit name, at most {@link #MAX_LENGTH} characters. */
final class UnitParameter {
    static final int MAX_LENGTH = 128;

    private UnitParameter() {}

    /** The unit the request names; null after answering 400 with one line when it names none. */
    static UnitName of(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String text = request.getParameter("unit");
        if (text != null && text.length() <= MAX_LENGTH) {
            try {
                return UnitName.parse(text);
            } catch (IllegalArgumentException e) {
                // answered below
            }
        }
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        response.setContentType("text/plain;charset=utf-8");
        response.getWriter().println("'unit' must name a unit, service/number");
        return null;
    }
}
