package jujube.cli.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import jujube.charm.RelationEndpointSpec;
import jujube.cli.CliException;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;

/**
 * Matches what an operator types, {@code svc[:relation]} once or twice, to the endpoints of a relation,
 * as the original {@code add-relation}: two services need an interface in common with counterpart roles
 * (provides with requires), one service alone a peer endpoint; an explicit endpoint wins over the
 * implicit {@code juju-info}; more than one candidate left is ambiguous.
 */
final class RelationEndpoints {
    /** One side as typed: a service and, optionally, its relation name. */
    record Descriptor(String service, Optional<String> relation) {
        static Descriptor parse(String text) {
            int colon = text.indexOf(':');
            String service = colon < 0 ? text : text.substring(0, colon);
            if (service.isEmpty() || (colon >= 0 && colon == text.length() - 1)) {
                throw new CliException("'" + text + "' is not an endpoint: expected <service>[:<relation>]");
            }
            return new Descriptor(service, colon < 0 ? Optional.empty() : Optional.of(text.substring(colon + 1)));
        }

        @Override
        public String toString() {
            return service + relation.map(r -> ":" + r).orElse("");
        }
    }

    /** One service's endpoint. */
    record Endpoint(String service, RelationEndpointSpec spec) {
        @Override
        public String toString() {
            return service + ":" + spec.name();
        }

        boolean implicit() {
            return spec.equals(RelationEndpointSpec.jujuInfo());
        }
    }

    /** A relation the descriptors could mean. */
    record Candidate(List<Endpoint> endpoints) {
        String interfaceName() {
            return endpoints.get(0).spec().interfaceName();
        }

        RelationScope scope() {
            boolean container = endpoints.stream().anyMatch(e -> e.spec().scope() == jujube.model.RelationScope.CONTAINER);
            return container ? RelationScope.CONTAINER : RelationScope.GLOBAL;
        }

        List<RelationEndpoint> stateEndpoints() {
            return endpoints.stream().map(e -> stateEndpoint(e.service(), e.spec())).toList();
        }

        String describe() {
            return "'" + endpoints.stream().map(Endpoint::toString).collect(Collectors.joining(" ")) + "' ("
                    + endpoints.stream().map(e -> e.spec().interfaceName() + " " + e.spec().role().key())
                            .collect(Collectors.joining(" / ")) + ")";
        }
    }

    private RelationEndpoints() {}

    static RelationEndpoint stateEndpoint(String service, RelationEndpointSpec spec) {
        return new RelationEndpoint(service, spec.name(), RelationRole.valueOf(spec.role().name()));
    }

    /** Every relation the descriptors could mean, explicit ones only when there are any. */
    static List<Candidate> candidates(List<Descriptor> descriptors, Function<String, ServiceCharm> services) {
        List<Candidate> found = new ArrayList<>();
        if (descriptors.size() == 1) {
            for (Endpoint e : endpoints(descriptors.get(0), services)) {
                if (e.spec().role() == jujube.model.RelationRole.PEER) {
                    found.add(new Candidate(List.of(e)));
                }
            }
            return found;
        }
        for (Endpoint a : endpoints(descriptors.get(0), services)) {
            for (Endpoint b : endpoints(descriptors.get(1), services)) {
                if (a.spec().canRelateTo(b.spec())) {
                    found.add(new Candidate(List.of(a, b)));
                }
            }
        }
        List<Candidate> explicit = found.stream().filter(c -> c.endpoints().stream().noneMatch(Endpoint::implicit)).toList();
        return explicit.isEmpty() ? found : explicit;
    }

    private static List<Endpoint> endpoints(Descriptor d, Function<String, ServiceCharm> services) {
        return services.apply(d.service()).metadata().endpointsWithImplicit().stream()
                .filter(spec -> d.relation().map(spec.name()::equals).orElse(true))
                .map(spec -> new Endpoint(d.service(), spec)).toList();
    }

    /** The one candidate, or the original's errors: no matching endpoints, or an ambiguous relation. */
    static Candidate single(List<Descriptor> descriptors, List<Candidate> candidates) {
        if (candidates.isEmpty()) {
            throw new CliException("No matching endpoints for " + typed(descriptors));
        }
        if (candidates.size() > 1) {
            throw new CliException("Ambiguous relation " + typed(descriptors) + "; could refer to: "
                    + candidates.stream().map(Candidate::describe).collect(Collectors.joining(", ")));
        }
        return candidates.get(0);
    }

    /** The relation of {@code existing} that {@code wanted} would add again: same interface, same endpoints. */
    static Optional<RelationInfo> existing(List<RelationInfo> existing, Candidate wanted) {
        var endpoints = new java.util.HashSet<>(wanted.stateEndpoints());
        return existing.stream().filter(r -> r.interfaceName().equals(wanted.interfaceName())
                && new java.util.HashSet<>(r.endpoints()).equals(endpoints)).findFirst();
    }

    static String typed(List<Descriptor> descriptors) {
        return "'" + descriptors.stream().map(Descriptor::toString).collect(Collectors.joining(" ")) + "'";
    }
}
