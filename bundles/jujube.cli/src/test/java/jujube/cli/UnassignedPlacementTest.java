package jujube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import jujube.model.UnitInfo;
import org.junit.jupiter.api.Test;

/** Placement policy {@code unassigned}: a free machine other than 0, else a new one. */
class UnassignedPlacementTest extends CliFixture {
    @Override
    String placement() {
        return "unassigned";
    }

    @Test
    void each_unit_gets_an_unused_machine() {
        int spare = state.machines().add().id();
        deploy("local:mysql", "-n", "2").assertOk();
        deploy("local:logging").assertOk();
        List<Integer> machines = state.units().list().stream().map(UnitInfo::machineId).map(m -> m.getAsInt()).toList();
        assertEquals(spare, machines.get(0));
        assertEquals(3, state.machines().list().size());
        assertEquals(spare + 1, machines.get(1));
        run("remove-unit", "mysql/0").assertOk();
        assertEquals("Unit 'mysql/2' added to service 'mysql' on machine " + spare + "\n", run("add-unit", "mysql").assertOk().out());
    }
}
