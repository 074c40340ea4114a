package dev.xfer.app.devices;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.xfer.app.sysfs.PcieLink;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * One GPU as documents carry it: an entry of {@code xfer devices --json}'s {@code devices}, and
 * every measuring document's {@code context.device}. What is unknown is written as {@code null}.
 *
 * @param pciBusId            in sysfs form ({@code 0000:17:00.0}), or CUDA's text when it does not parse
 * @param numaNode            from sysfs, else the node CUDA reports
 * @param linkTheoreticalGBps the transfer link's rate per direction ({@link DeviceInfo#transferLink()})
 */
public record DeviceDocument(int index, String name, @JsonInclude(ALWAYS) Optional<String> uuid, String computeCapability,
                             long memoryTotalBytes, long memoryFreeBytes, int multiprocessors, int asyncEngines,
                             boolean concurrentCopyAndExecute, String pciBusId, @JsonInclude(ALWAYS) OptionalInt numaNode,
                             @JsonInclude(ALWAYS) Optional<String> cpuAffinity, @JsonInclude(ALWAYS) Optional<Link> linkCurrent,
                             @JsonInclude(ALWAYS) Optional<Link> linkMax, @JsonInclude(ALWAYS) OptionalDouble linkTheoreticalGBps) {

    /** A PCIe link as documents carry it: {@code {"generation": 5, "width": 16}}. */
    public record Link(int generation, int width) {
        public static Optional<Link> of(Optional<PcieLink> link) {
            return link.map(l -> new Link(l.generation().number(), l.width()));
        }
    }

    public static DeviceDocument of(DeviceInfo d) {
        return new DeviceDocument(d.index(), d.name(), d.uuid(), d.computeCapability(), d.memoryTotalBytes(),
                d.memoryFreeBytes(), d.multiprocessors(), d.asyncEngines(), d.concurrentCopyAndExecute(),
                d.normalizedBusId(), d.numaNode(), d.cpuAffinity(), Link.of(d.currentLink()), Link.of(d.maxLink()),
                d.transferLink().map(l -> OptionalDouble.of(l.theoreticalGBps())).orElse(OptionalDouble.empty()));
    }
}
