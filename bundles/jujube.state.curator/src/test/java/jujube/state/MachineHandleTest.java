package jujube.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import jujube.model.MachineInfo;
import org.junit.jupiter.api.Test;

/** A machine's handle acts on its own machine, never on another one. */
class MachineHandleTest extends ZooKeeperFixture {

    @Test
    void presence_and_removal_are_of_the_handles_machine_only() throws Exception {
        int own = state.machines().add().id();
        int other = state.machines().add().id();
        MachineHandle handle = state.machine(own);
        assertEquals(own, handle.info().orElseThrow().id());

        try (AgentPresence presence = handle.connectAgent()) {
            POLLING.until(() -> connected(own));
            assertFalse(connected(other));
        }
        handle.removeEmpty();
        assertTrue(handle.info().isEmpty());
        List<Integer> left = state.machines().list().stream().map(MachineInfo::id).toList();
        assertFalse(left.contains(own), "removed: " + left);
        assertTrue(left.contains(other), "kept: " + left);
    }

    private boolean connected(int machineId) {
        return state.machines().list().stream().anyMatch(m -> m.id() == machineId && m.agentConnected());
    }
}
