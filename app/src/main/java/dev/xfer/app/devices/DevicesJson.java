package dev.xfer.app.devices;

import dev.xfer.app.format.Json;
import dev.xfer.app.sysfs.PcieLink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The devices report as JSON values (maps and lists) for {@link Json#write}. */
public final class DevicesJson {
    private DevicesJson() {
    }

    public static Map<String, Object> software(DeviceInventory report) {
        return Json.object(
                "driverVersion", report.driver().toString(),
                "runtimeVersion", report.runtime().toString(),
                "libcudart", report.libcudart().toString());
    }

    public static List<Object> devices(DeviceInventory report) {
        List<Object> devices = new ArrayList<>();
        for (DeviceInfo d : report.devices()) {
            devices.add(device(d));
        }
        return devices;
    }

    public static Map<String, Object> device(DeviceInfo d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", d.index());
        m.put("name", d.name());
        m.put("uuid", d.uuid().orElse(null));
        m.put("computeCapability", d.computeCapability());
        m.put("memoryTotalBytes", d.memoryTotalBytes());
        m.put("memoryFreeBytes", d.memoryFreeBytes());
        m.put("multiprocessors", d.multiprocessors());
        m.put("asyncEngines", d.asyncEngines());
        m.put("concurrentCopyAndExecute", d.concurrentCopyAndExecute());
        m.put("pciBusId", d.normalizedBusId());
        m.put("numaNode", d.numaNode().isPresent() ? d.numaNode().getAsInt() : null);
        m.put("cpuAffinity", d.cpuAffinity().orElse(null));
        m.put("linkCurrent", link(d.currentLink()));
        m.put("linkMax", link(d.maxLink()));
        m.put("linkTheoreticalGBps", d.transferLink().map(PcieLink::theoreticalGBps).orElse(null));
        return m;
    }

    private static Object link(Optional<PcieLink> link) {
        return link.<Object>map(l -> Json.object("generation", l.generation().number(), "width", l.width()))
                .orElse(null);
    }
}
