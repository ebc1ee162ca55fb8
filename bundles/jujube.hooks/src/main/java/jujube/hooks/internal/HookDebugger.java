package jujube.hooks.internal;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import jujube.model.DebugHooks;
import jujube.state.UnitHandle;
import jujube.model.StateException;
import jujube.model.UnitFlags;
import jujube.model.UnitName;
import jujube.state.Watch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A unit's view of its debug-hooks flag ({@code /units/unit-N/debug}, set by {@code jujube debug-hooks}
 * for as long as that command's session lives): which hooks to hold in the debug session. It watches the
 * flag itself, because the unit agent's own loop may be waiting for the very hook that is held. When the
 * flag goes, the hooks still held are ended: their windows are closed (their shells hang up, the hooks
 * fail) and their waiting scripts woken, as the original hung its debug hook up.
 *
 * <p>Patterns are shell patterns ({@code *}, {@code ?}, {@code [...]}), as the original's {@code fnmatch}.
 */
final class HookDebugger implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HookDebugger.class);
    private final UnitHandle state;
    private final UnitName unit;
    private final Set<Held> held = ConcurrentHashMap.newKeySet();
    /** The flag as last delivered; null before the watch's first delivery. */
    private volatile Optional<DebugHooks> flag;
    private Watch watch;
    private boolean closed;

    /** A hook in a debug window, and the server that window is in. */
    record Held(DebugTmux tmux, DebugWindow window) {}

    HookDebugger(UnitHandle state) {
        this.state = state;
        this.unit = state.name();
    }

    /**
     * The patterns in force for a hook starting now. The watch is started at the first hook (a unit
     * removed, or ZooKeeper away, then only means no debugging); until it delivered, the flag is read.
     */
    Optional<DebugHooks> current() {
        startWatch();
        Optional<DebugHooks> known = flag;
        if (known != null) {
            return known;
        }
        try {
            return state.flags().debugHooks();
        } catch (StateException e) {
            LOG.debug("unit={}: could not read its debug-hooks flag: {}", unit, e.toString());
            return Optional.empty();
        }
    }

    /** Whether the hook is one the flag holds. */
    static boolean matches(DebugHooks hooks, String hookName) {
        return hooks.patterns().stream().anyMatch(p -> glob(p).matcher(hookName).matches());
    }

    /** Registers a held hook, ended when the flag goes; returns false (not registered) when it went already. */
    boolean hold(Held hook) {
        held.add(hook);
        if (flag != null && flag.isEmpty()) {
            held.remove(hook);
            return false;
        }
        return true;
    }

    void release(Held hook) {
        held.remove(hook);
    }

    private synchronized void startWatch() {
        if (watch != null || closed) {
            return;
        }
        try {
            watch = state.watchFlags(change -> changed(change.current()));
        } catch (StateException e) {
            LOG.debug("unit={}: not watching its debug-hooks flag yet: {}", unit, e.toString());
        }
    }

    private void changed(UnitFlags flags) {
        Optional<DebugHooks> before = flag;
        Optional<DebugHooks> now = flags.debugHooks();
        flag = now;
        if (now.equals(before == null ? Optional.empty() : before)) {
            return;
        }
        if (now.isPresent()) {
            LOG.info("unit={}: debug-hooks session on: hooks {} open in its tmux session", unit, now.get().patterns());
            return;
        }
        LOG.info("unit={}: debug-hooks session off: hooks run again", unit);
        for (Held hook : List.copyOf(held)) {
            end(hook);
        }
    }

    /**
     * Closes a held hook's window, whose script then records the hangup and wakes the waiting script; a
     * hook whose window is not open yet is woken directly (it then finds no status and fails).
     */
    static void end(Held hook) {
        try {
            Optional<String> window = hook.window().windowId();
            if (window.isPresent()) {
                hook.tmux().killWindow(window.get());
            } else {
                hook.tmux().signal(hook.window().channel());
            }
        } catch (IOException e) {
            LOG.warn("could not end debug window of {}: {}", hook.tmux().session(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A shell pattern as a regular expression. */
    static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            int close = c == '[' ? pattern.indexOf(']', i + 2) : -1;
            if (c == '*') {
                regex.append(".*");
            } else if (c == '?') {
                regex.append('.');
            } else if (close > 0) {
                String set = pattern.substring(i + 1, close).replace("\\", "\\\\").replace("[", "\\[")
                        .replace("&", "\\&");
                regex.append('[').append(set.startsWith("!") ? "^" + set.substring(1) : set).append(']');
                i = close;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (watch != null) {
            watch.close();
        }
    }
}
