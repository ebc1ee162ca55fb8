package jujube.state;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LeadershipTest extends ZooKeeperFixture {

    @Test
    void one_candidate_leads_and_the_next_takes_over_when_it_withdraws() throws Exception {
        StateConnection other = connect(List.of());
        List<Boolean> seen = new CopyOnWriteArrayList<>();
        try (Leadership first = state.leadership("provisioning")) {
            POLLING.until(first::isLeader);
            try (Leadership second = other.leadership("provisioning")) {
                second.addListener(seen::add);
                assertFalse(second.isLeader());
                first.close();
                POLLING.until(second::isLeader);
                POLLING.until(() -> seen.contains(true));
                assertFalse(first.isLeader());
            }
        }
    }

    @Test
    void a_lost_connection_ends_leadership() throws Exception {
        StateConnection other = connect(List.of());
        Leadership first = other.leadership("elected");
        POLLING.until(first::isLeader);
        try (Leadership second = state.leadership("elected")) {
            other.close();
            POLLING.until(second::isLeader);
        }
    }

    @Test
    void a_bad_name_is_refused() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> state.leadership("a/b"));
    }
}
