package jujube.hooks.internal;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import jujube.hooks.spawn.HookSpawner;
import org.junit.jupiter.api.Named;

/**
 * The spawners for tests that run once with each: the JDK's, and the native one of
 * {@code jujube.hooks.posixspawn} when it is on the class path and loads (that module runs these tests
 * again, where it must be: {@code NativeSpawnerPresentTest}).
 */
final class HookSpawners {
    static final String NATIVE_CLASS = "jujube.hooks.posixspawn.internal.PosixHookSpawner";

    private HookSpawners() {
    }

    static Stream<Named<HookSpawner>> both() {
        return Stream.concat(nativeSpawner().map(s -> Named.of("posix_spawn", s)).stream(),
                Stream.of(Named.<HookSpawner>of("JDK", new JdkHookSpawner())));
    }

    /** The native spawner, if its bundle's classes are here and this JVM enables its calls. */
    static Optional<HookSpawner> nativeSpawner() {
        try {
            return Optional.of((HookSpawner) Class.forName(NATIVE_CLASS).getConstructor().newInstance());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof UnsupportedOperationException || e.getCause() instanceof LinkageError) {
                return Optional.empty();
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static ProcessHookInvoker invoker(HookSpawner spawner, Duration timeout, Duration grace) {
        return new ProcessHookInvoker(timeout, grace, spawner);
    }
}
