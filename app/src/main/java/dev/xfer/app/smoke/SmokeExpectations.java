package dev.xfer.app.smoke;

import java.util.ArrayList;
import java.util.List;

/**
 * The thresholds {@code xfer smoke} holds any NVIDIA GPU to, relative to its own hardware: pinned
 * copies reach 70% of the PCIe link's theoretical rate, async-V1 overlap beats sequential, the
 * overlap kernel is exact, synchronized copies never see wrong data.
 */
public final class SmokeExpectations {
    public static final int PINNED_PERCENT_OF_LINK = 70;

    private SmokeExpectations() {
    }

    /** The --expect texts; the link rule only where the link rate is known. */
    public static List<String> defaults(boolean linkKnown) {
        List<String> out = new ArrayList<>();
        if (linkKnown) {
            out.add("pinned.h2d >= " + PINNED_PERCENT_OF_LINK + "%link");
            out.add("pinned.d2h >= " + PINNED_PERCENT_OF_LINK + "%link");
        }
        out.add("overlap.v1.speedup > 1x");
        for (String schedule : List.of("sequential", "v1", "v2")) {
            out.add("overlap." + schedule + ".error <= 1e-6");
        }
        out.add("check.synchronized.wrong == 0");
        return out;
    }
}
