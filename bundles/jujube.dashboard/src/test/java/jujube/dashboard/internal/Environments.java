package jujube.dashboard.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import jujube.model.MachineInfo;
import jujube.model.Port;
import jujube.model.RelationEndpoint;
import jujube.model.RelationInfo;
import jujube.model.RelationRole;
import jujube.model.RelationScope;
import jujube.model.ServiceInfo;
import jujube.model.UnitInfo;
import jujube.model.UnitName;
import jujube.model.UnitStatus;
import jujube.model.UnitWorkload;
import jujube.model.WorkloadStatus;
import jujube.state.EnvironmentOverview;

/** Overviews made by hand: a blog related to its database, with as many blog units as asked. */
final class Environments {
    private Environments() {}

    static EnvironmentOverview blog(int blogUnits, String blogState) {
        List<UnitName> blogs = new ArrayList<>();
        List<UnitStatus> units = new ArrayList<>();
        units.add(unit(new UnitName("mysql", 0), "started", 0));
        for (int i = 0; i < blogUnits; i++) {
            blogs.add(new UnitName("blog", i));
            units.add(unit(new UnitName("blog", i), i == 0 ? blogState : "started", 1 + i % 10));
        }
        List<MachineInfo> machines = new ArrayList<>();
        for (int m = 0; m <= 10; m++) {
            machines.add(new MachineInfo(m, "local-" + m, true, Map.of(), true));
        }
        return new EnvironmentOverview(machines,
                List.of(new ServiceInfo("service-0000000000", "mysql", "local:precise/mysql-1", List.of(new UnitName("mysql", 0))),
                        new ServiceInfo("service-0000000001", "blog", "local:precise/wordpress-3", blogs)),
                Set.of("blog"),
                List.of(new RelationInfo("relation-0000000000", "mysql", RelationScope.GLOBAL,
                        List.of(new RelationEndpoint("blog", "db", RelationRole.CLIENT),
                                new RelationEndpoint("mysql", "db", RelationRole.SERVER)))),
                units, Map.of(), Map.of("mysql", new UnitName("mysql", 0)), Map.of());
    }

    private static UnitStatus unit(UnitName name, String state, int machine) {
        UnitInfo info = new UnitInfo("unit-" + name.service() + name.number(), name, "local:precise/" + name.service(),
                OptionalInt.of(machine), Optional.empty(), "10.0.0." + machine, "10.0.0." + machine, state, true,
                state.endsWith("_error") ? "hook install failed (exit 1) at 12:00:00" : "");
        return new UnitStatus(info, Set.of(new Port(8080, "tcp")), Map.of(),
                Optional.of(new UnitWorkload(new WorkloadStatus("active", "ready", Instant.EPOCH), true, "")), Map.of());
    }
}
