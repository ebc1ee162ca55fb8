package jujube.dashboard.internal;

import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import jujube.model.UnitName;

/**
 * A page about one unit: the request is admitted by the {@link Gate} (a login's cookie) and names its unit
 * ({@link UnitParameter}) before {@link #serve} sees it; otherwise it was answered already.
 */
abstract class UnitRequestServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient Gate gate;

    UnitRequestServlet(Gate gate) {
        this.gate = gate;
    }

    @Override
    protected final void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!gate.admit(request, response)) {
            return;
        }
        UnitName unit = UnitParameter.of(request, response);
        if (unit == null) {
            return;
        }
        serve(unit, response);
    }

    /** Answers the admitted request about {@code unit}. */
    abstract void serve(UnitName unit, HttpServletResponse response) throws IOException;
}
