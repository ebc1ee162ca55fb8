package jujube.state.curator.internal;

import jujube.state.store.StateContext;

import jujube.state.Access;
import jujube.access.OneTimeCredential;
import jujube.model.StateException;

/** {@link Access} of one connection; every operation is the administrator's. */
final class CuratorAccess implements Access {
    private final StateContext ctx;
    private final CuratorUnits units;
    private final CuratorMachines machines;
    private final CuratorCharms charms;

    CuratorAccess(StateContext ctx, CuratorUnits units, CuratorMachines machines, CuratorCharms charms) {
        this.ctx = ctx;
        this.units = units;
        this.machines = machines;
        this.charms = charms;
    }

    private void requireAdministrator(String what) {
        if (!ctx.access().isAdmin()) {
            throw new StateException("only the administrator " + what + ": this connection authenticates as "
                    + ctx.access().machine().orElse("nobody"));
        }
    }

    @Override
    public OneTimeCredential issueOneTimeCredential(int machineId) {
        requireAdministrator("issues one-time credentials");
        return ctx.identities().issueOneTime(machineId);
    }

    @Override
    public boolean isPolicyApplied() {
        return new AccessPolicy(ctx).isApplied();
    }

    @Override
    public int applyPolicy() {
        requireAdministrator("sets the access policy");
        return new AccessPolicy(ctx).apply();
    }

    @Override
    public AutoCloseable serveMachineRequests() {
        requireAdministrator("serves machine agents' requests");
        return new RequestBroker(ctx, units, machines, charms);
    }
}
