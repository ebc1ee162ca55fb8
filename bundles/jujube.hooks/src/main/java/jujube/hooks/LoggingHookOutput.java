package jujube.hooks;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The sink behind {@link HookOutput#logging}: hook output in the agent's log, tagged by unit and hook. */
final class LoggingHookOutput implements HookOutput {
    private static final Logger LOG = LoggerFactory.getLogger("jujube.hooks.output");

    private final String unitName;
    private final String hookName;

    LoggingHookOutput(String unitName, String hookName) {
        this.unitName = unitName;
        this.hookName = hookName;
    }

    @Override
    public void stdout(String line) {
        LOG.info("unit={} hook={}: {}", unitName, hookName, line);
    }

    @Override
    public void stderr(String line) {
        LOG.error("unit={} hook={}: {}", unitName, hookName, line);
    }
}
