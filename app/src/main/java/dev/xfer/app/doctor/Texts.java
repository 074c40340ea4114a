package dev.xfer.app.doctor;

import dev.xfer.app.sysfs.PcieLink;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How findings write their figures, the same in every check. */
final class Texts {
    private Texts() {
    }

    static String gbps(double gigabytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f GB/s", gigabytesPerSecond);
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * fraction);
    }

    static String link(PcieLink link) {
        return "Gen" + link.generation().number() + " x" + link.width();
    }

    static String hex(int value) {
        return "0x" + Integer.toHexString(value);
    }

    static List<Evidence> plus(List<Evidence> evidence, Evidence more) {
        List<Evidence> all = new ArrayList<>(evidence);
        all.add(more);
        return List.copyOf(all);
    }
}
