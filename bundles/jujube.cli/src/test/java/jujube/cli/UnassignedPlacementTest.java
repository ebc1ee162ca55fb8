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

    @Test
    void only_a_machine_made_for_a_unit_is_the_unit_s_to_take_with_it() {
        int added = Integer.parseInt(run("add-machine").assertOk().out().replaceAll("[^0-9]", ""));
        deploy("local:mysql", "-n", "2").assertOk();
        List<Integer> machines = state.units().list().stream().map(UnitInfo::machineId).map(m -> m.getAsInt()).toList();
        assertEquals(List.of(added, added + 1), machines);
        // the first unit took the operator's free machine, which stays the operator's; the second's was made for it
        assertEquals(false, state.machines().madeForUnit(added));
        assertEquals(true, state.machines().madeForUnit(added + 1));
        assertEquals(false, state.machines().madeForUnit(0));
    }
}
