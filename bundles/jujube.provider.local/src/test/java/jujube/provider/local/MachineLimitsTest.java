package jujube.provider.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MachineLimitsTest {
    @Test
    void sizes_are_bytes_or_binary_units_in_any_spelling() {
        assertEquals(4096, MachineLimits.parseSize("4096"));
        assertEquals(512L << 20, MachineLimits.parseSize("512M"));
        assertEquals(512L << 20, MachineLimits.parseSize("512MB"));
        assertEquals(2L << 30, MachineLimits.parseSize("2GiB"));
        assertEquals(3L << 10, MachineLimits.parseSize("3k"));
        assertEquals(1L << 40, MachineLimits.parseSize(" 1T "));
    }

    @Test
    void what_is_not_a_size_is_named() {
        assertEquals("'2.5G' is not a size (a number, then K, M, G or T)",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.parseSize("2.5G")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> MachineLimits.parseSize(""));
        assertThrows(IllegalArgumentException.class, () -> MachineLimits.parseSize("-1"));
        assertThrows(IllegalArgumentException.class, () -> MachineLimits.parseSize("12 parsecs"));
    }

    @Test
    void limits_travel_as_text_and_come_back_the_same() {
        MachineLimits limits = new MachineLimits(300, 768L << 20, 3L << 30);
        assertEquals("processes=300,memory=768M,disk=3G", limits.toString());
        assertEquals(limits, MachineLimits.parse(limits.toString()));
        assertEquals(MachineLimits.DEFAULT.withDisk(1L << 30), MachineLimits.parse("disk=1G"), "a key left out keeps its default");
        assertEquals(MachineLimits.DEFAULT, MachineLimits.parse(""));
    }

    @Test
    void limits_a_machine_cannot_live_within_are_refused_with_the_least_it_needs() {
        assertEquals("a machine needs at least 200 processes, got 50",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.parse("processes=50")).getMessage());
        assertEquals("a machine needs at least 384M of memory, got 100M",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.parse("memory=100M")).getMessage());
        assertEquals("a machine needs at least 256M of disk, got 1M",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.parse("disk=1M")).getMessage());
        assertEquals("'cpu' is not a machine limit (processes, memory, disk)",
                assertThrows(IllegalArgumentException.class, () -> MachineLimits.parse("cpu=2")).getMessage());
    }
}
