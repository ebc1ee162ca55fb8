package jujube.spi;

import java.util.Set;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Decides, for one relation scope, which remote units a unit exchanges settings with. Registered
 * with the service property {@code scope} ({@code global} or {@code container}); the unit agent
 * selects by that property and takes the highest-ranked one at the time of each membership change,
 * so a new handler applies to the next relation event without restarting a unit agent.
 */
@ConsumerType
public interface RelationScopeHandler {
    /** The service property naming the scope a handler serves. */
    String SCOPE = "scope";

    /** The scope this handler serves, {@code global} or {@code container}. */
    String scope();

    /**
     * Filters the related units that the relation's watch reported down to those {@code self}
     * may see.
     *
     * @param self the local unit
     * @param selfContainer the principal unit whose container {@code self} lives in (itself for a
     *     principal)
     * @param candidates remote unit names with the principal unit each lives in, as name to container
     */
    Set<String> visible(String self, String selfContainer, java.util.Map<String, String> candidates);
}
