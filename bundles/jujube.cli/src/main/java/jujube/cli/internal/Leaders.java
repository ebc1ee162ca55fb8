package jujube.cli.internal;

import jujube.cli.CliException;
import jujube.model.UnitName;

/** Go juju's {@code SERVICE/leader}: the unit that leads the service now. */
final class Leaders {
    private Leaders() {
    }

    /**
     * The unit {@code text} names: {@code blog/0}, or {@code blog/leader} for blog's leader.
     *
     * @throws CliException when the service has no units, or no leader now
     * @throws IllegalArgumentException when {@code text} is not a unit name
     */
    static UnitName resolve(EnvironmentSession session, String text) {
        if (!text.endsWith("/leader")) {
            return UnitName.parse(text);
        }
        String service = text.substring(0, text.length() - "/leader".length());
        var units = session.state().services().get(service).units();
        if (units.isEmpty()) {
            throw new CliException("service " + service + " has no units, so no leader");
        }
        return session.state().units().leadership(units.get(0)).leader().orElseThrow(() -> new CliException(
                "service " + service + " has no leader now (its units' agents are down, or electing one)"));
    }
}
