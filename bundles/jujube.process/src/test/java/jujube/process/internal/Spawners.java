package jujube.process.internal;

import java.util.Optional;
import java.util.stream.Stream;
import jujube.process.spawn.ProcessSpawner;
import org.junit.jupiter.api.Named;

/**
 * The spawners for tests that run once with each: the JDK's, and the native one of
 * {@code jujube.hooks.posixspawn} when it is on the class path and loads (that module runs these tests
 * again, where it must be: {@code NativeSpawnerPresentTest}).
 */
final class Spawners {
    static final String NATIVE_CLASS = "jujube.hooks.posixspawn.internal.PosixHookSpawner";

    private Spawners() {
    }

    static Stream<Named<ProcessSpawner>> both() {
        return Stream.concat(nativeSpawner().map(s -> Named.of("posix_spawn", s)).stream(),
                Stream.of(Named.<ProcessSpawner>of("JDK", new JdkProcessSpawner())));
    }

    /** The native spawner, if its bundle's classes are here and this JVM enables its calls. */
    static Optional<ProcessSpawner> nativeSpawner() {
        try {
            return Optional.of((ProcessSpawner) Class.forName(NATIVE_CLASS).getConstructor().newInstance());
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
}
