package jujube.state.curator.internal;

import jujube.state.store.StateContext;

import jujube.state.Presence;

/**
 * A held provisioning lock: an ephemeral node, so a provisioning agent that dies releases it. Unlike
 * agent presence it is not re-created after session loss: a lost lock is lost, as it should be.
 */
final class ProvisioningLock implements Presence {
    private final StateContext ctx;
    private final String path;

    ProvisioningLock(StateContext ctx, String path) {
        this.ctx = ctx;
        this.path = path;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public boolean isPresent() {
        return ctx.reader().exists(path);
    }

    @Override
    public void close() {
        ctx.deleteTree(path);
    }
}
