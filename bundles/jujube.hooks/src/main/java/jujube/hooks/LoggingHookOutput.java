package jujube.hooks;

import jujube.model.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink behind {@link HookOutput#logging}: hook output in the agent's log, tagged by unit and hook, each
 * line with its control characters escaped ({@link LogText}), so that a hook can neither forge a log line
 * (with a carriage return, say) nor drive the terminal of whoever reads the log.
 */
final class LoggingHookOutput implements HookOutput {
    private static final Logger LOG = LoggerFactory.getLogger("jujube.hooks.output");
    /** Far above any line the invoker passes on (see its output limits), even with every byte escaped. */
    private static final int MAX_CHARS = 1 << 16;

    private final String unitName;
    private final String hookName;

    LoggingHookOutput(String unitName, String hookName) {
        this.unitName = unitName;
        this.hookName = hookName;
    }

    @Override
    public void stdout(String line) {
        LOG.info("unit={} hook={}: {}", unitName, hookName, LogText.line(line, MAX_CHARS));
    }

    @Override
    public void stderr(String line) {
        LOG.error("unit={} hook={}: {}", unitName, hookName, LogText.line(line, MAX_CHARS));
    }
}
