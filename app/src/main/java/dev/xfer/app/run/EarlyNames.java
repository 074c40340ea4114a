package dev.xfer.app.run;

import dev.xfer.app.devices.DeviceSelection;
import dev.xfer.app.expect.ExpectationSet;
import dev.xfer.app.expect.MetricDeclaration;
import dev.xfer.app.expect.MetricUnit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The expectation check that needs no device: names and units against the names a run will
 * produce, every bandwidth assumed to have a link rate (whether it has one is the device's to say,
 * checked once it is open). With {@code --device all} the GPU count is unknown before CUDA, so
 * names may carry any {@code .gpuN} suffix up to {@link #MAX_DEVICES}.
 */
public final class EarlyNames {
    /** More GPUs than any one host carries today; a higher .gpuN is still checked after CUDA. */
    public static final int MAX_DEVICES = 64;

    private EarlyNames() {
    }

    public static void validate(ExpectationSet expectations, List<MetricDeclaration> names, DeviceSelection device) {
        if (expectations.isEmpty()) {
            return;
        }
        Map<String, MetricDeclaration> all = new LinkedHashMap<>();
        for (MetricDeclaration m : names) {
            all.putIfAbsent(m.name(), linked(m, ""));
        }
        if (!device.isSingle()) {
            List<Integer> indices = device.all() ? range() : device.indices();
            for (int index : indices) {
                String suffix = DeviceSelection.nameSuffix(index);
                for (MetricDeclaration m : names) {
                    all.putIfAbsent(m.name() + suffix, linked(m, suffix));
                }
            }
        }
        expectations.validate(new ArrayList<>(all.values()));
    }

    private static MetricDeclaration linked(MetricDeclaration m, String suffix) {
        return new MetricDeclaration(m.name() + suffix, m.unit(), m.unit() == MetricUnit.GBPS);
    }

    private static List<Integer> range() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < MAX_DEVICES; i++) {
            out.add(i);
        }
        return out;
    }
}
