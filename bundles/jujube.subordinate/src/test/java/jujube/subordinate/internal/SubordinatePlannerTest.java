package jujube.subordinate.internal;

import static jujube.subordinate.internal.SubordinatePlannerTest.Is.DEPLOYED;
import static jujube.subordinate.internal.SubordinatePlannerTest.Is.ELSEWHERE;
import static jujube.subordinate.internal.SubordinatePlannerTest.Is.REMOVED;
import static jujube.subordinate.internal.SubordinatePlannerTest.Is.RETIRED;
import static jujube.subordinate.internal.SubordinatePlannerTest.Is.RETIRING;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import jujube.agent.machine.DeployedUnit;
import jujube.agent.machine.UnitDeployment;
import jujube.agent.machine.UnitDirectories;
import jujube.scope.internal.ContainerScopeHandler;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The planner's table: each row is one picture of machine 0 (container relations, principals, subordinates,
 * what is deployed, retiring or retired) and the steps it must give, planned with the real container scope
 * handler. Steps are compared as sorted lists: their order within one plan is not part of the contract.
 */
class SubordinatePlannerTest {

    static Stream<Picture> pictures() {
        return Stream.of(
                picture("without a container relation nothing is planned, not even a wait for a principal")
                        .principal("blog/0", DEPLOYED)
                        .principal("blog/1")
                        .expect(),
                picture("a principal assigned here but not deployed yet is awaited, its subordinate with it")
                        .relate("blog", "logging")
                        .principal("blog/0")
                        .subordinate("logging/0", "blog/0")
                        .expect("await-principal blog/0"),
                picture("a deployed principal without its subordinate gets one created")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .expect("create logging for blog/0"),
                picture("a subordinate in the state but not deployed is deployed in its principal's container")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0")
                        .expect("deploy logging/0 in blog/0"),
                picture("a deployed subordinate that is wanted needs nothing")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .expect(),
                picture("of duplicate subordinates the first stays and the others go")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .subordinate("logging/1", "blog/0", DEPLOYED)
                        .subordinate("logging/2", "blog/0")
                        .expect("retire logging/1", "remove logging/2 inState"),
                picture("the first duplicate is the lowest unit number, deployed or not")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/9", "blog/0")
                        .subordinate("logging/10", "blog/0", DEPLOYED)
                        .expect("deploy logging/9 in blog/0", "retire logging/10"),
                picture("a removed relation retires the deployed subordinate")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .expect("retire logging/0"),
                picture("a removed relation awaits the retiring subordinate's marker")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", RETIRING)
                        .expect("await-retired logging/0"),
                picture("a removed relation removes the retired subordinate, deployment and unit")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", RETIRING, RETIRED)
                        .expect("remove logging/0 deployed inState"),
                picture("a removed relation removes what a crash mid-removal left, whatever part it is")
                        .principal("blog/0", DEPLOYED)
                        .principal("blog/1", DEPLOYED)
                        .principal("blog/2", DEPLOYED)
                        .subordinate("logging/0", "blog/0", RETIRED)
                        .subordinate("logging/1", "blog/1", RETIRING, RETIRED, REMOVED)
                        .subordinate("logging/2", "blog/2")
                        .expect("remove logging/0 inState", "remove logging/1 deployed", "remove logging/2 inState"),
                picture("a retiring subordinate holds back its replacement until it is gone")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .principal("blog/1", DEPLOYED)
                        .subordinate("logging/0", "blog/0", RETIRING)
                        .subordinate("logging/1", "blog/1", RETIRED)
                        .expect("await-retired logging/0", "remove logging/1 inState"),
                picture("a leaving subordinate is never the one kept, even when it comes first")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", RETIRING)
                        .subordinate("logging/1", "blog/0")
                        .expect("await-retired logging/0", "deploy logging/1 in blog/0"),
                picture("a retiring principal's subordinate goes and none is created")
                        .relate("blog", "logging")
                        .principal("blog/0", RETIRING)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .principal("blog/1", RETIRING)
                        .expect("retire logging/0"),
                picture("a removed principal's subordinates go, whether the state still has them or not")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED, REMOVED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .principal("blog/1", DEPLOYED, REMOVED)
                        .subordinate("logging/1", "blog/1", DEPLOYED, REMOVED)
                        .expect("retire logging/0", "retire logging/1"),
                picture("a subordinate deployment that outlived its principal's is still removed")
                        .relate("blog", "logging")
                        .principal("blog/0", REMOVED)
                        .subordinate("logging/0", "blog/0", RETIRING, RETIRED, REMOVED)
                        .expect("remove logging/0 deployed"),
                // logging/5 is a unit of a subordinate service deployed as a principal, which the state never
                // makes: it shows that a subordinate service has no subordinates of its own either way
                picture("a subordinate service is no principal: relating it to another subordinate adds nothing")
                        .relate("blog", "logging")
                        .relate("logging", "monitoring")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .principal("logging/5", DEPLOYED)
                        .principal("logging/6")
                        .expect(),
                picture("a principal gets one subordinate of each subordinate service related to it")
                        .relate("blog", "logging")
                        .relate("blog", "monitoring")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .principal("blog/1", DEPLOYED)
                        .expect("create monitoring for blog/0", "create logging for blog/1",
                                "create monitoring for blog/1"),
                picture("several principals: each sees only its own container, other machines are left alone")
                        .relate("blog", "logging")
                        .principal("blog/0", DEPLOYED)
                        .subordinate("logging/0", "blog/0", DEPLOYED)
                        .principal("blog/1", DEPLOYED)
                        .principal("blog/2")
                        .principal("blog/3", ELSEWHERE)
                        .subordinate("logging/3", "blog/3")
                        .principal("mysql/0", DEPLOYED)
                        .expect("create logging for blog/1", "await-principal blog/2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pictures")
    void each_picture_gives_its_plan(Picture picture) {
        SubordinatePlanner planner = new SubordinatePlanner(new ContainerScopeHandler());

        List<Step> steps = planner.plan(picture.snapshot(), picture.deployed, picture.retired::contains);

        assertEquals(sorted(picture.expected), sorted(steps.stream().map(SubordinatePlannerTest::describe).toList()));
    }

    /** A step as the table writes it. */
    private static String describe(Step step) {
        if (step instanceof Step.Create create) {
            return "create " + create.service() + " for " + create.principal();
        } else if (step instanceof Step.Deploy deploy) {
            return "deploy " + deploy.unit().name() + " in " + deploy.principal().name();
        } else if (step instanceof Step.Retire retire) {
            return "retire " + retire.subject();
        } else if (step instanceof Step.AwaitRetired await) {
            return "await-retired " + await.subject();
        } else if (step instanceof Step.Remove remove) {
            return "remove " + remove.subject() + (remove.deployed() ? " deployed" : "")
                    + (remove.inState() ? " inState" : "");
        } else if (step instanceof Step.AwaitPrincipal await) {
            return "await-principal " + await.subject();
        }
        throw new AssertionError("a step the table cannot write: " + step);
    }

    private static List<String> sorted(List<String> steps) {
        return steps.stream().sorted().toList();
    }

    private static Picture picture(String name) {
        return new Picture(name);
    }

    /**
     * What a unit is besides existing in the state, assigned to machine 0 (a principal) or living in its
     * principal's container (a subordinate), and not deployed.
     */
    enum Is {
        /** Its agent is deployed on machine 0. */
        DEPLOYED,
        /** Its agent is deployed and was asked to retire. */
        RETIRING,
        /** Its agent wrote the retired marker (subordinates only). */
        RETIRED,
        /** The state no longer has it (nor, for a principal, its assignment). */
        REMOVED,
        /** It is assigned to another machine (principals only). */
        ELSEWHERE
    }

    /** One row of the table: machine 0 as the planner sees it, and the steps expected. */
    static final class Picture {
        private static final Path MACHINE_DIR = Path.of("/nowhere/machines/machine-0");
        private final String name;
        private final Map<UnitName, UnitInfo> units = new TreeMap<>();
        private final List<RelationInfo> relations = new ArrayList<>();
        private final Set<String> subordinateServices = new TreeSet<>();
        private final Set<UnitName> assigned = new TreeSet<>();
        private final Map<UnitName, DeployedUnit> deployed = new TreeMap<>();
        private final Set<UnitName> retired = new TreeSet<>();
        private List<String> expected = List.of();

        private Picture(String name) {
            this.name = name;
        }

        /** A container relation between a service and a subordinate service. */
        Picture relate(String service, String subordinateService) {
            relations.add(new RelationInfo("relation-" + relations.size(), "juju-info", RelationScope.CONTAINER,
                    List.of(new RelationEndpoint(service, "juju-info", RelationRole.SERVER),
                            new RelationEndpoint(subordinateService, "juju-info", RelationRole.CLIENT))));
            subordinateServices.add(subordinateService);
            return this;
        }

        Picture principal(String unitName, Is... flags) {
            UnitName unit = UnitName.parse(unitName);
            Set<Is> is = flags(flags, RETIRED);
            if (!is.contains(REMOVED)) {
                units.put(unit, unit(unit, OptionalInt.of(is.contains(ELSEWHERE) ? 1 : 0), Optional.empty()));
                if (!is.contains(ELSEWHERE)) {
                    assigned.add(unit);
                }
            }
            deploy(unit, Optional.empty(), is);
            return this;
        }

        Picture subordinate(String unitName, String principal, Is... flags) {
            UnitName unit = UnitName.parse(unitName);
            Set<Is> is = flags(flags, ELSEWHERE);
            Optional<UnitName> container = Optional.of(UnitName.parse(principal));
            if (!is.contains(REMOVED)) {
                units.put(unit, unit(unit, OptionalInt.empty(), container));
            }
            deploy(unit, container, is);
            if (is.contains(RETIRED)) {
                retired.add(unit);
            }
            return this;
        }

        Picture expect(String... steps) {
            expected = List.of(steps);
            return this;
        }

        ContainerSnapshot snapshot() {
            return new ContainerSnapshot(units, relations, subordinateServices, assigned);
        }

        private void deploy(UnitName unit, Optional<UnitName> container, Set<Is> is) {
            if (is.contains(DEPLOYED) || is.contains(RETIRING)) {
                UnitDirectories dirs = UnitDirectories.of(MACHINE_DIR, unit);
                deployed.put(unit, new DeployedUnit(new UnitDeployment(unit, 0, dirs, container), is.contains(RETIRING)));
            }
        }

        private static Set<Is> flags(Is[] flags, Is notHere) {
            Set<Is> is = EnumSet.noneOf(Is.class);
            is.addAll(Arrays.asList(flags));
            if (is.contains(notHere)) {
                throw new IllegalArgumentException(notHere + " does not apply to this kind of unit");
            }
            return is;
        }

        private static UnitInfo unit(UnitName name, OptionalInt machineId, Optional<UnitName> container) {
            return new UnitInfo("unit-" + name, name, "local:precise/" + name.service() + "-1", machineId, container,
                    "public-" + name, "private-" + name, "started", true);
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
