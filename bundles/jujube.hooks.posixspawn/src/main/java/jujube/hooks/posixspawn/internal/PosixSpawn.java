package jujube.hooks.posixspawn.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import jdk.incubator.foreign.CLinker;
import jdk.incubator.foreign.FunctionDescriptor;
import jdk.incubator.foreign.MemoryAccess;
import jdk.incubator.foreign.MemoryAddress;
import jdk.incubator.foreign.MemoryLayout;
import jdk.incubator.foreign.MemorySegment;
import jdk.incubator.foreign.ResourceScope;
import jdk.incubator.foreign.SymbolLookup;

/**
 * The C library's process calls, reached through the JDK's foreign function interface (the incubating
 * {@code jdk.incubator.foreign} of JDK 17, enabled by {@code --add-modules jdk.incubator.foreign
 * --enable-native-access=ALL-UNNAMED}): {@code posix_spawn} with a new session, {@code pidfd_open},
 * {@code poll}, {@code waitpid} and {@code kill}. Only glibc on Linux (2.34 or later for
 * {@code closefrom_np}, Linux 5.3 for pidfds) has them all; {@link #load()} fails otherwise, and hooks
 * are then started by the JDK. No logic lives here: each method is one call, its errno turned into an
 * {@link IOException}.
 */
final class PosixSpawn {
    static final int SIGTERM = 15;
    static final int SIGKILL = 9;
    private static final int ETXTBSY = 26;
    private static final int POSIX_SPAWN_SETSIGDEF = 0x04;
    private static final int POSIX_SPAWN_SETSIGMASK = 0x08;
    private static final int POSIX_SPAWN_SETSID = 0x80;
    private static final int O_RDONLY = 0;
    private static final int O_WRONLY = 1;
    private static final int WNOHANG = 1;
    private static final short POLLIN = 1;
    // glibc's opaque types, rounded up: posix_spawnattr_t is 336 bytes, file actions 80, sigset_t 128
    private static final long ATTR_BYTES = 512;
    private static final long ACTIONS_BYTES = 256;
    private static final long SIGSET_BYTES = 256;
    private static final Class<?> PTR = MemoryAddress.class;

    private final MethodHandle spawn;
    private final MethodHandle actionsInit;
    private final MethodHandle actionsDestroy;
    private final MethodHandle addOpen;
    private final MethodHandle addCloseFrom;
    private final MethodHandle addChdir;
    private final MethodHandle attrInit;
    private final MethodHandle attrDestroy;
    private final MethodHandle setFlags;
    private final MethodHandle setSigMask;
    private final MethodHandle setSigDefault;
    private final MethodHandle sigEmptySet;
    private final MethodHandle sigFillSet;
    private final MethodHandle pidfdOpen;
    private final MethodHandle poll;
    private final MethodHandle waitpid;
    private final MethodHandle kill;
    private final MethodHandle close;
    private final MethodHandle strerror;
    private final MethodHandle errnoLocation;

    private PosixSpawn(CLinker linker, SymbolLookup libc) {
        spawn = bind(linker, libc, "posix_spawn", int.class, PTR, PTR, PTR, PTR, PTR, PTR);
        actionsInit = bind(linker, libc, "posix_spawn_file_actions_init", int.class, PTR);
        actionsDestroy = bind(linker, libc, "posix_spawn_file_actions_destroy", int.class, PTR);
        addOpen = bind(linker, libc, "posix_spawn_file_actions_addopen", int.class, PTR, int.class, PTR, int.class, int.class);
        addCloseFrom = bind(linker, libc, "posix_spawn_file_actions_addclosefrom_np", int.class, PTR, int.class);
        addChdir = bind(linker, libc, "posix_spawn_file_actions_addchdir_np", int.class, PTR, PTR);
        attrInit = bind(linker, libc, "posix_spawnattr_init", int.class, PTR);
        attrDestroy = bind(linker, libc, "posix_spawnattr_destroy", int.class, PTR);
        setFlags = bind(linker, libc, "posix_spawnattr_setflags", int.class, PTR, short.class);
        setSigMask = bind(linker, libc, "posix_spawnattr_setsigmask", int.class, PTR, PTR);
        setSigDefault = bind(linker, libc, "posix_spawnattr_setsigdefault", int.class, PTR, PTR);
        sigEmptySet = bind(linker, libc, "sigemptyset", int.class, PTR);
        sigFillSet = bind(linker, libc, "sigfillset", int.class, PTR);
        pidfdOpen = bind(linker, libc, "pidfd_open", int.class, int.class, int.class);
        poll = bind(linker, libc, "poll", int.class, PTR, long.class, int.class);
        waitpid = bind(linker, libc, "waitpid", int.class, int.class, PTR, int.class);
        kill = bind(linker, libc, "kill", int.class, int.class, int.class);
        close = bind(linker, libc, "close", int.class, int.class);
        strerror = bind(linker, libc, "strerror", PTR, int.class);
        errnoLocation = bind(linker, libc, "__errno_location", PTR);
    }

    /**
     * The bindings, checked by opening a pidfd on this very process.
     *
     * @throws UnsupportedOperationException when this JVM, C library or kernel lacks any of them
     */
    static PosixSpawn load() {
        if (!System.getProperty("os.name", "").equals("Linux")) {
            throw new UnsupportedOperationException("not Linux");
        }
        PosixSpawn posix;
        try {
            posix = new PosixSpawn(CLinker.getInstance(), CLinker.systemLookup());
        } catch (IllegalCallerException e) {
            throw new UnsupportedOperationException("native access is not enabled (--enable-native-access)", e);
        }
        try {
            posix.close(posix.pidfdOpen(ProcessHandle.current().pid()));
        } catch (IOException e) {
            throw new UnsupportedOperationException("pidfd_open: " + e.getMessage(), e);
        }
        return posix;
    }

    /**
     * Starts {@code program} as the leader of a new session, in {@code dir}, with exactly {@code env},
     * stdin from {@code stdin}, stdout and stderr opened (write-only) on the given paths, every other
     * descriptor closed, an empty signal mask and every signal's default action. "Text file busy" is
     * tried again for a moment, like the session leader binary does.
     *
     * @return the child's pid
     */
    int spawn(Path program, List<String> argv, Map<String, String> env, Path dir, Path stdin, Path stdout,
              Path stderr) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            int[] pid = new int[1];
            int rc = spawnOnce(program, argv, env, dir, stdin, stdout, stderr, pid);
            if (rc == 0) {
                return pid[0];
            }
            if (rc != ETXTBSY || attempt == 8) {
                throw new IOException("cannot run " + program + ": " + describe(rc));
            }
            Thread.sleep(20L * attempt); // a hook written moments ago, see jujube-hook-tool.c
        }
    }

    private int spawnOnce(Path program, List<String> argv, Map<String, String> env, Path dir, Path stdin,
                          Path stdout, Path stderr, int[] pid) throws IOException {
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            MemorySegment actions = MemorySegment.allocateNative(ACTIONS_BYTES, 16, scope);
            MemorySegment attr = MemorySegment.allocateNative(ATTR_BYTES, 16, scope);
            MemorySegment signals = MemorySegment.allocateNative(SIGSET_BYTES, 16, scope);
            MemorySegment pidOut = MemorySegment.allocateNative(4, 4, scope);
            check("posix_spawn_file_actions_init", (int) actionsInit.invokeExact(actions.address()));
            try {
                check("posix_spawnattr_init", (int) attrInit.invokeExact(attr.address()));
                try {
                    MemoryAddress fa = actions.address();
                    check("addopen", (int) addOpen.invokeExact(fa, 0, cString(stdin, scope), O_RDONLY, 0));
                    check("addopen", (int) addOpen.invokeExact(fa, 1, cString(stdout, scope), O_WRONLY, 0));
                    check("addopen", (int) addOpen.invokeExact(fa, 2, cString(stderr, scope), O_WRONLY, 0));
                    check("addclosefrom_np", (int) addCloseFrom.invokeExact(fa, 3));
                    check("addchdir_np", (int) addChdir.invokeExact(fa, cString(dir, scope)));
                    MemoryAddress at = attr.address();
                    check("sigemptyset", (int) sigEmptySet.invokeExact(signals.address()));
                    check("setsigmask", (int) setSigMask.invokeExact(at, signals.address()));
                    check("sigfillset", (int) sigFillSet.invokeExact(signals.address()));
                    check("setsigdefault", (int) setSigDefault.invokeExact(at, signals.address()));
                    short flags = (short) (POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
                    check("setflags", (int) setFlags.invokeExact(at, flags));
                    int rc = (int) spawn.invokeExact(pidOut.address(), cString(program, scope), fa, at,
                            strings(argv, scope).address(), strings(environment(env), scope).address());
                    pid[0] = MemoryAccess.getInt(pidOut);
                    return rc;
                } finally {
                    int ignored = (int) attrDestroy.invokeExact(attr.address());
                }
            } finally {
                int ignored = (int) actionsDestroy.invokeExact(actions.address());
            }
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e); // invokeExact declares Throwable; C calls throw nothing
        }
    }

    /** A descriptor that polls readable once the process {@code pid} has ended. */
    int pidfdOpen(long pid) throws IOException {
        return errnoChecked("pidfd_open", () -> (int) pidfdOpen.invokeExact((int) pid, 0));
    }

    /**
     * Waits up to {@code millis} (0: not at all) for {@code fd} to become readable: 1 when it is, 0 when
     * not yet, -1 when poll failed (a signal, which the caller treats as "look again").
     */
    int pollReadable(int fd, int millis) {
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            MemorySegment pollfd = MemorySegment.allocateNative(8, 4, scope); // int fd; short events, revents
            MemoryAccess.setIntAtOffset(pollfd, 0, fd);
            MemoryAccess.setShortAtOffset(pollfd, 4, POLLIN);
            return Integer.signum((int) poll.invokeExact(pollfd.address(), 1L, millis));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The raw wait status of {@code pid} if it has ended, else empty; never blocks. */
    OptionalInt reap(int pid) throws IOException {
        try (ResourceScope scope = ResourceScope.newConfinedScope()) {
            MemorySegment status = MemorySegment.allocateNative(4, 4, scope);
            int reaped = errnoChecked("waitpid", () -> (int) waitpid.invokeExact(pid, status.address(), WNOHANG));
            return reaped == pid ? OptionalInt.of(MemoryAccess.getInt(status)) : OptionalInt.empty();
        }
    }

    void kill(int pid, int signal) throws IOException {
        errnoChecked("kill", () -> (int) kill.invokeExact(pid, signal));
    }

    void close(int fd) throws IOException {
        errnoChecked("close", () -> (int) close.invokeExact(fd));
    }

    /** "Text file busy" and the like, from the C library. */
    String describe(int errno) {
        try {
            MemoryAddress message = (MemoryAddress) strerror.invokeExact(errno);
            return CLinker.toJavaString(message);
        } catch (Throwable e) {
            return "errno " + errno;
        }
    }

    @FunctionalInterface
    private interface Call {
        int invoke() throws Throwable;
    }

    /**
     * Calls a function that returns -1 and sets errno on failure. JDK 17 cannot capture errno with the
     * call (JDK 20 can), so it is read right after: the VM could overwrite it in between, which would
     * only make the message name the wrong reason, never hide the failure.
     */
    private int errnoChecked(String name, Call call) throws IOException {
        int result;
        int errno;
        try {
            result = call.invoke();
            errno = result == -1 ? MemoryAccess.getInt(
                    ((MemoryAddress) errnoLocation.invokeExact()).asSegment(4, ResourceScope.globalScope())) : 0;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        if (result == -1) {
            throw new IOException(name + ": " + describe(errno));
        }
        return result;
    }

    private void check(String name, int rc) throws IOException {
        if (rc != 0) {
            throw new IOException(name + ": " + describe(rc));
        }
    }

    private static List<String> environment(Map<String, String> env) {
        return env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    private static MemoryAddress cString(Path path, ResourceScope scope) {
        return CLinker.toCString(path.toString(), scope).address();
    }

    /** A NULL-terminated array of C strings. */
    private static MemorySegment strings(List<String> values, ResourceScope scope) {
        MemorySegment array = MemorySegment.allocateNative(8L * (values.size() + 1), 8, scope);
        for (int i = 0; i < values.size(); i++) {
            MemoryAccess.setAddressAtIndex(array, i, CLinker.toCString(values.get(i), scope).address());
        }
        MemoryAccess.setAddressAtIndex(array, values.size(), MemoryAddress.NULL);
        return array;
    }

    private static MethodHandle bind(CLinker linker, SymbolLookup libc, String name, Class<?> returns,
                                     Class<?>... parameters) {
        MemoryLayout[] layouts = new MemoryLayout[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            layouts[i] = layout(parameters[i]);
        }
        FunctionDescriptor descriptor = FunctionDescriptor.of(layout(returns), layouts);
        MemoryAddress symbol = libc.lookup(name)
                .orElseThrow(() -> new UnsupportedOperationException("the C library has no " + name))
                .address();
        return linker.downcallHandle(symbol, MethodType.methodType(returns, parameters), descriptor);
    }

    private static MemoryLayout layout(Class<?> type) {
        if (type == int.class) {
            return CLinker.C_INT;
        }
        if (type == short.class) {
            return CLinker.C_SHORT;
        }
        if (type == long.class) {
            return CLinker.C_LONG;
        }
        return CLinker.C_POINTER;
    }
}
