package jujube.cli.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import jujube.charm.ConfigOption;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import jujube.access.CredentialNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jujube get SERVICE}: every option of the service's charm with its type, description, current
 * value (set, else the default) and default; the value of an option named like a credential
 * ({@link CredentialNames}) is never shown.
 */
@Command(name = "get", description = "Show a service's options.")
public final class GetCommand extends SessionCommand {
    /** What stands for the value of an option named like a credential. */
    static final String HIDDEN = "hidden (a credential)";

    @Parameters(index = "0", paramLabel = "SERVICE")
    String service;

    @Option(names = "--format", defaultValue = "yaml", description = "yaml or json.")
    StatusFormat format;

    @Override
    int run(EnvironmentSession session) {
        if (format != StatusFormat.yaml && format != StatusFormat.json) {
            throw usage("get prints yaml or json, not " + format);
        }
        Map<String, Object> result = describe(session, service);
        out().print(format.render(result));
        return 0;
    }

    /** The service's charm and every option with its type, description, value and default, as get shows them. */
    static Map<String, Object> describe(EnvironmentSession session, String service) {
        ServiceCharm target = session.service(service);
        Map<String, Object> set = session.state().services().config(service);
        Map<String, Object> settings = new LinkedHashMap<>();
        for (ConfigOption option : target.config().options().values()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("description", option.description());
            entry.put("type", option.type().label());
            Object value = set.containsKey(option.name()) ? set.get(option.name()) : option.defaultValue().orElse(null);
            // an option named like a credential is shown as set or not, never its value (nor its default)
            boolean hidden = CredentialNames.isCredential(option.name());
            if (value != null) {
                entry.put("value", hidden ? HIDDEN : value);
            }
            option.defaultValue().ifPresent(d -> entry.put("default", hidden ? HIDDEN : d));
            settings.put(option.name(), entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("service", service);
        result.put("charm", target.info().charmId());
        result.put("settings", settings);
        return result;
    }

    /** The value get shows for one option: set, else its default (null for none), hidden for a credential. */
    static Object value(EnvironmentSession session, String service, String option) {
        ConfigOption spec = session.service(service).config().require(option);
        Map<String, Object> set = session.state().services().config(service);
        Object value = set.containsKey(option) ? set.get(option) : spec.defaultValue().orElse(null);
        return value != null && CredentialNames.isCredential(option) ? HIDDEN : value;
    }
}
