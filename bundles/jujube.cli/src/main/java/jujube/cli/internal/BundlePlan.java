package jujube.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import jujube.charm.Charm;
import jujube.charm.CharmConfig;
import jujube.charm.CharmException;
import jujube.charm.CharmNotFoundException;
import jujube.charm.CharmUrl;
import jujube.charm.ConfigValueException;
import jujube.cli.CliException;
import jujube.cli.internal.EnvironmentSession.ServiceCharm;
import jujube.cli.internal.RelationEndpoints.Candidate;
import jujube.cli.internal.RelationEndpoints.Descriptor;
import jujube.model.MachineInfo;
import jujube.model.RelationInfo;
import jujube.model.ServiceInfo;
import jujube.state.Services;

/**
 * What deploying a bundle would change in an environment, worked out and checked whole before anything is
 * written: the machines to add, the services to deploy, the units to add, the options to set, the services
 * to expose and the relations to add. A part already as the bundle says is left alone, so the same bundle
 * twice plans nothing the second time; a bundle never removes anything (fewer units, an option it leaves
 * out, a relation it does not name): it warns instead.
 *
 * <p>Bundle machines are the environment's machines by number: a declared machine that exists is used, one
 * that does not is added (under the next free number, which the plan shows when it is applied).
 */
final class BundlePlan {
    /** One change. */
    sealed interface Step {
        String describe();
    }

    /** Units placed alike: {@code count} on bundle machine {@code machine}, or by the environment's policy. */
    record Group(int count, Optional<String> machine) {
        String describe() {
            return count + (count == 1 ? " unit" : " units") + machine.map(m -> " on bundle machine " + m)
                    .orElse(" placed by the environment");
        }
    }

    record AddMachine(String machine) implements Step {
        public String describe() {
            return "add machine for bundle machine " + machine;
        }
    }

    record DeployService(Bundle.Application app, Charm charm, Map<String, Object> options, List<Group> groups)
            implements Step {
        public String describe() {
            String units = charm.metadata().subordinate() ? "no units (a subordinate)"
                    : groups.stream().map(Group::describe).collect(Collectors.joining(", "));
            return "deploy charm " + app.charm() + " as service '" + app.name() + "' with " + units
                    + (options.isEmpty() ? "" : ", options " + String.join(", ", options.keySet()));
        }
    }

    record AddUnits(String service, List<Group> groups) implements Step {
        public String describe() {
            return "add to service '" + service + "' " + groups.stream().map(Group::describe).collect(Collectors.joining(", "));
        }
    }

    record SetOptions(String service, Map<String, Object> changes) implements Step {
        public String describe() {
            return "set options of service '" + service + "': " + String.join(", ", changes.keySet());
        }
    }

    record Expose(String service) implements Step {
        public String describe() {
            return "expose service '" + service + "'";
        }
    }

    record AddRelation(Candidate relation) implements Step {
        public String describe() {
            return "relate " + relation.endpoints().stream().map(RelationEndpoints.Endpoint::toString)
                    .collect(Collectors.joining(" and ")) + " (" + relation.interfaceName() + ")";
        }
    }

    private final Bundle bundle;
    private final List<Step> steps;
    private final List<String> warnings;

    private BundlePlan(Bundle bundle, List<Step> steps, List<String> warnings) {
        this.bundle = bundle;
        this.steps = List.copyOf(steps);
        this.warnings = List.copyOf(warnings);
    }

    Bundle bundle() {
        return bundle;
    }

    List<Step> steps() {
        return steps;
    }

    /** What the bundle asks and a deploy will not do (it never removes), for the operator to read. */
    List<String> warnings() {
        return warnings;
    }

    /** Checks the bundle against the environment and works out its changes; writes nothing. */
    static BundlePlan of(Bundle bundle, EnvironmentSession session) {
        return new Planner(bundle, session).plan();
    }

    private static final class Planner {
        private final Bundle bundle;
        private final EnvironmentSession session;
        private final List<Step> steps = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>();
        private final Map<String, ServiceCharm> targets = new HashMap<>();

        Planner(Bundle bundle, EnvironmentSession session) {
            this.bundle = bundle;
            this.session = session;
        }

        BundlePlan plan() {
            Map<String, ServiceInfo> existing = new HashMap<>();
            session.state().services().list().forEach(s -> existing.put(s.name(), s));
            Set<Integer> machines = session.state().machines().list().stream().map(MachineInfo::id)
                    .collect(Collectors.toSet());
            for (String m : bundle.machines()) {
                if (!machines.contains(Integer.parseInt(m))) {
                    steps.add(new AddMachine(m));
                }
            }
            for (Bundle.Application app : bundle.applications().values()) {
                String where = "applications." + app.name();
                Services.problemWithName(app.name()).ifPresent(problem -> {
                    throw fail(where, problem);
                });
                Charm charm = charm(where, app);
                ServiceInfo service = existing.get(app.name());
                if (service == null) {
                    planNew(where, app, charm);
                } else {
                    planExisting(where, app, charm, service);
                }
            }
            planRelations();
            return new BundlePlan(bundle, steps, warnings);
        }

        private void planNew(String where, Bundle.Application app, Charm charm) {
            boolean subordinate = charm.metadata().subordinate();
            int units = app.units().orElse(subordinate ? 0 : 1);
            if (subordinate && units > 0) {
                throw fail(where + ".num_units", "charm " + charm.name() + " is a subordinate: its units come with its"
                        + " principals' (leave num_units out)");
            }
            if (subordinate && !app.to().isEmpty()) {
                throw fail(where + ".to", "charm " + charm.name() + " is a subordinate: its units go where its"
                        + " principals' are (leave to out)");
            }
            Map<String, Object> options = options(where, app, charm.config());
            targets.put(app.name(), new ServiceCharm(new ServiceInfo("", app.name(), "", List.of()), charm.metadata(),
                    charm.config()));
            steps.add(new DeployService(app, charm, options, groups(app, 0, units)));
            if (app.expose()) {
                steps.add(new Expose(app.name()));
            }
        }

        private void planExisting(String where, Bundle.Application app, Charm charm, ServiceInfo service) {
            ServiceCharm deployed = session.service(app.name());
            targets.put(app.name(), deployed);
            String running = CharmUrl.parse(service.charmId()).name();
            if (!running.equals(charm.name())) {
                throw fail(where + ".charm", "service '" + app.name() + "' runs charm " + service.charmId() + ", not "
                        + charm.name() + " (a bundle does not change a service's charm)");
            }
            int have = deployed.subordinate() ? 0 : service.units().size();
            int want = app.units().orElse(deployed.subordinate() ? 0 : 1);
            if (deployed.subordinate() && want > 0) {
                throw fail(where + ".num_units", "service '" + app.name() + "' is a subordinate: its units come with its"
                        + " principals' (leave num_units out)");
            }
            if (want > have) {
                steps.add(new AddUnits(app.name(), groups(app, have, want)));
            } else if (want < have) {
                warnings.add(bundle.label() + ": " + where + ".num_units: " + want + ", but service '" + app.name()
                        + "' has " + have + " units: a bundle never removes units (remove-unit does)");
            }
            Map<String, Object> options = options(where, app, deployed.config());
            Map<String, Object> set = session.state().services().config(app.name());
            Map<String, Object> changes = new LinkedHashMap<>();
            options.forEach((k, v) -> {
                if (!same(set.get(k), v)) {
                    changes.put(k, v);
                }
            });
            if (!changes.isEmpty()) {
                steps.add(new SetOptions(app.name(), changes));
            }
            boolean exposed = session.state().services().isExposed(app.name());
            if (app.expose() && !exposed) {
                steps.add(new Expose(app.name()));
            } else if (!app.expose() && exposed) {
                warnings.add(bundle.label() + ": " + where + ": service '" + app.name()
                        + "' is exposed and the bundle does not say so: a bundle never unexposes (unexpose does)");
            }
        }

        /** Units {@code from} to {@code to} (exclusive), grouped by where the bundle puts them. */
        private static List<Group> groups(Bundle.Application app, int from, int to) {
            List<Group> groups = new ArrayList<>();
            for (int i = from; i < to; i++) {
                Optional<String> machine = i < app.to().size() ? Optional.of(app.to().get(i)) : Optional.empty();
                Group last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
                if (last != null && last.machine().equals(machine)) {
                    groups.set(groups.size() - 1, new Group(last.count() + 1, machine));
                } else {
                    groups.add(new Group(1, machine));
                }
            }
            return groups;
        }

        private Charm charm(String where, Bundle.Application app) {
            String text = app.charm();
            if (!CharmRepository.isPath(text)) {
                throw fail(where + ".charm", "'" + text + "' is not a path: Jujube deploys a bundle's charms from"
                        + " local paths (./" + text + ", relative to the bundle)");
            }
            Path path = text.startsWith("~/") ? Path.of(System.getProperty("user.home"), text.substring(2))
                    : bundle.dir().resolve(text);
            try {
                return session.reader().read(path.normalize());
            } catch (CharmNotFoundException e) {
                throw fail(where + ".charm", "no charm at " + text + " (" + path.normalize() + ")");
            } catch (CharmException e) {
                throw fail(where + ".charm", e.getMessage());
            }
        }

        private Map<String, Object> options(String where, Bundle.Application app, CharmConfig config) {
            Map<String, Object> typed = new LinkedHashMap<>();
            app.options().forEach((name, value) -> {
                try {
                    typed.put(name, config.validate(Map.of(name, value)).get(name));
                } catch (ConfigValueException e) {
                    String prefix = "config option " + e.option() + ": ";
                    String problem = e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length())
                            : e.getMessage();
                    throw fail(where + ".options." + name, problem);
                }
            });
            return typed;
        }

        private void planRelations() {
            List<RelationInfo> existing = session.state().relations().list();
            Function<String, ServiceCharm> services = name -> {
                ServiceCharm target = targets.get(name);
                if (target == null) {
                    throw new CliException("application '" + name + "' is not in the bundle");
                }
                return target;
            };
            List<Candidate> planned = new ArrayList<>();
            // the environment's relations and the bundle's new ones: what counts against an endpoint's limit
            List<RelationInfo> added = new ArrayList<>(existing);
            for (Bundle.Relation r : bundle.relations()) {
                Candidate relation;
                try {
                    List<Descriptor> descriptors = r.endpoints().stream().map(Descriptor::parse).toList();
                    relation = RelationEndpoints.single(descriptors, RelationEndpoints.candidates(descriptors, services));
                } catch (CliException e) {
                    throw fail(r.where(), e.getMessage());
                }
                for (Candidate before : planned) {
                    if (RelationEndpoints.existing(List.of(asInfo(before)), relation).isPresent()) {
                        throw fail(r.where(), "the same relation as an earlier one of the bundle");
                    }
                }
                planned.add(relation);
                if (RelationEndpoints.existing(existing, relation).isEmpty()) {
                    try {
                        RelationLimits.check(relation, added);
                    } catch (CliException e) {
                        throw fail(r.where(), e.getMessage());
                    }
                    added.add(asInfo(relation));
                    steps.add(new AddRelation(relation));
                }
            }
        }

        private static RelationInfo asInfo(Candidate c) {
            return new RelationInfo("", c.interfaceName(), c.scope(), c.stateEndpoints());
        }

        private CliException fail(String where, String problem) {
            return new CliException(bundle.label() + ": " + where + ": " + problem);
        }
    }

    /** Whether a set option's value is the bundle's: numbers compare by value, whatever their Java type. */
    static boolean same(Object set, Object wanted) {
        if (set instanceof Number a && wanted instanceof Number b) {
            boolean integral = !(a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float);
            return integral ? a.longValue() == b.longValue() : Double.compare(a.doubleValue(), b.doubleValue()) == 0;
        }
        return Objects.equals(set, wanted);
    }
}
