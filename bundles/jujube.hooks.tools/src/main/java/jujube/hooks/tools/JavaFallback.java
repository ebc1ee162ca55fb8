package jujube.hooks.tools;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import jujube.hooks.protocol.HookSocketClient;

/**
 * How to start {@link JavaToolClient} when the native forwarder cannot run: a java executable and a
 * classpath holding this bundle, the protocol bundle and Jackson (core, databind, annotations).
 */
public record JavaFallback(Path java, List<Path> classpath) {
    public JavaFallback {
        classpath = List.copyOf(classpath);
    }

    /**
     * The running JVM and the jars its classes came from. Works on a plain classpath (tests, the CLI);
     * in an OSGi framework the code sources are bundle locations, so the agent should pass jar paths it
     * knows instead.
     */
    public static JavaFallback fromRuntime() {
        Set<Path> jars = new LinkedHashSet<>();
        for (Class<?> type : List.of(JavaToolClient.class, HookSocketClient.class, ObjectMapper.class,
                JsonFactory.class, JsonProperty.class)) {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source != null && "file".equals(source.getLocation().getProtocol())) {
                try {
                    jars.add(Path.of(source.getLocation().toURI()));
                } catch (URISyntaxException e) {
                    throw new IllegalStateException("unreadable code source " + source.getLocation(), e);
                }
            }
        }
        return new JavaFallback(Path.of(System.getProperty("java.home"), "bin", "java"), new ArrayList<>(jars));
    }
}
