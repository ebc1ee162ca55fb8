package jujube.hooks.internal;

import jujube.hooks.tools.LogLevel;

/**
 * Where the hook machinery reports what operators read: charm messages ({@code juju-log}) and what a
 * flush changed. The runner's default writes to slf4j; tests record.
 */
interface HookLog {
    /**
     * A {@code juju-log} message.
     *
     * @param unit    null when the message came without a live client id (juju-log outside a hook)
     * @param hook    null likewise
     * @param message the charm's text with its control characters escaped: one line
     */
    void charmLog(String unit, String hook, LogLevel level, String message);

    /**
     * The writes of a successful hook were applied.
     *
     * @param values whether to tell the settings' values ({@code log-setting-values}), not only their keys
     */
    void flushed(String unit, String hook, FlushReport report, boolean values);
}
