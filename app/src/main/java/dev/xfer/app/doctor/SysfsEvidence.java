package dev.xfer.app.doctor;

import dev.xfer.app.evidence.Reading;
import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciHierarchy;
import dev.xfer.app.sysfs.SysfsFile;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What doctor reads from sysfs beyond the topology: config space, IOMMU groups, THP and governors. */
public final class SysfsEvidence {
    private static final Pattern CPU_DIRECTORY = Pattern.compile("cpu(0|[1-9]\\d{0,5})");

    private final Path sysfsRoot;
    private final PciHierarchy hierarchy;

    public SysfsEvidence(Path sysfsRoot) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
        this.hierarchy = new PciHierarchy(sysfsRoot);
    }

    public PciHierarchy hierarchy() {
        return hierarchy;
    }

    /** The GPU's folder, as {@code bus/pci/devices} names it. */
    public Path deviceDirectory(PciAddress address) {
        return sysfsRoot.resolve("bus/pci/devices").resolve(address.sysfsName());
    }

    /** The IOMMU group's type; known-empty when the device has no group (no IOMMU in front of it). */
    public Reading<Optional<String>> iommuGroupType(PciAddress address) {
        Path group = deviceDirectory(address).resolve("iommu_group");
        if (!Files.exists(group)) {
            return Reading.known(Optional.empty(), group.toString());
        }
        Path type = group.resolve("type");
        Path shown = type;
        try {
            shown = type.toRealPath();
        } catch (IOException | SecurityException e) {
            // Keep the unresolved path for the evidence; the read below says what failed.
        }
        String where = shown.toString();
        Optional<String> text = SysfsFile.read(type);
        return text.<Reading<Optional<String>>>map(t -> Reading.known(Optional.of(t), where))
                .orElseGet(() -> Reading.unknown("cannot read " + type + " (a kernel before 5.11 has no type file)",
                        where));
    }

    /** {@code kernel/mm/transparent_hugepage/enabled}. */
    public Reading<String> transparentHugePages() {
        Path file = sysfsRoot.resolve("kernel/mm/transparent_hugepage/enabled");
        return SysfsFile.read(file).<Reading<String>>map(t -> Reading.known(t, file.toString()))
                .orElseGet(() -> Reading.unknown("cannot read " + file + " (a kernel without THP, or hidden)",
                        file.toString()));
    }

    /** Each CPU's {@code cpufreq/scaling_governor}, by CPU number; unknown when no CPU has cpufreq. */
    public Reading<Map<Integer, String>> governors() {
        Path cpus = sysfsRoot.resolve("devices/system/cpu");
        Map<Integer, String> governors = new TreeMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(cpus)) {
            for (Path entry : entries) {
                Matcher matcher = CPU_DIRECTORY.matcher(entry.getFileName().toString());
                if (matcher.matches()) {
                    SysfsFile.read(entry.resolve("cpufreq/scaling_governor"))
                            .ifPresent(g -> governors.put(Integer.parseInt(matcher.group(1)), g));
                }
            }
        } catch (IOException | DirectoryIteratorException | SecurityException e) {
            return Reading.unknown("cannot list " + cpus, cpus.toString());
        }
        if (governors.isEmpty()) {
            return Reading.unknown("no CPU has a readable cpufreq/scaling_governor under " + cpus
                    + " (a VM, or no cpufreq driver)", cpus.toString());
        }
        return Reading.known(governors, cpus.toString());
    }

    /** The bridges above a GPU, each as a name with its port type when it can be read. */
    public List<PciHierarchy.PciFunction> bridges(PciAddress address) {
        return new ArrayList<>(hierarchy.upstream(address));
    }
}
