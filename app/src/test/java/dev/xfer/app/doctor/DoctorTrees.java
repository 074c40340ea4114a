package dev.xfer.app.doctor;

import dev.xfer.app.sysfs.PciConfigSpace;
import dev.xfer.app.sysfs.SysfsFixtures;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sysfs trees for doctor's tests. The real one is {@code sysfs/h100-vm-root}: an H100 VM's GPU as
 * root reads it (4096 bytes of config space), no IOMMU group, THP madvise, no cpufreq. The
 * synthetic ones are built in a temporary folder, because they need the kernel's links
 * ({@code bus/pci/devices/X} to {@code devices/pci0000:00/.../X}, {@code iommu_group}) that test
 * resources do not keep: a GPU behind a root port, its config space the real H100's with the
 * fields a case changes.
 */
final class DoctorTrees {
    static final String GPU = "0000:01:00.0";
    static final String PORT = "0000:00:01.0";
    static final int GPU_DEVICE_CONTROL = 0x68;

    private DoctorTrees() {
    }

    /** The real capture's root. */
    static Path h100Vm() {
        return SysfsFixtures.root(SysfsFixtures.H100_VM_ROOT);
    }

    /** The real H100's config space, 4096 bytes. */
    static PciConfigSpace h100Config() {
        try {
            return new PciConfigSpace(Files.readAllBytes(h100Vm().resolve("bus/pci/devices/0000:00:06.0/config")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A root port's config space: the PCI Express capability at 0x40 (root port, supporting
     * {@code mpsSupported} bytes, set to {@code mps}) and ACS at 0x100 with {@code acsControl}.
     */
    static PciConfigSpace rootPort(int mpsSupported, int mps, int acsControl) {
        PciConfigSpace config = new PciConfigSpace(new byte[PciConfigSpace.EXTENDED_LENGTH])
                .with(0x00, 4, 0x0d578086L)
                .with(0x06, 2, 0x0010)
                .with(0x34, 1, 0x40)
                .with(0x40, 2, 0x0010)
                .with(0x42, 2, 0x0042)
                .with(0x44, 4, code(mpsSupported))
                .with(0x48, 2, code(mps) << 5 | 2 << 12)
                .with(0x100, 4, 0x0001000DL)
                .with(0x104, 2, 0x007f)
                .with(0x106, 2, acsControl);
        return config;
    }

    /** The H100's config with Device Control's MaxPayload set to {@code mps} bytes and MaxReadReq to {@code mrrs}. */
    static PciConfigSpace gpu(int mps, int mrrs) {
        PciConfigSpace real = h100Config();
        int control = real.u16(GPU_DEVICE_CONTROL) & ~(0x7 << 5) & ~(0x7 << 12);
        return real.with(GPU_DEVICE_CONTROL, 2, control | code(mps) << 5 | code(mrrs) << 12);
    }

    static int code(int bytes) {
        return Integer.numberOfTrailingZeros(bytes / 128);
    }

    /** What a synthetic machine has. */
    record Machine(String linkNow, int widthNow, PciConfigSpace gpuConfig, PciConfigSpace portConfig,
                   String iommuType, String thp, String governor) {
        /** A healthy one: Gen5 x16, MaxPayload 256 under a port at 256, no IOMMU, ACS off. */
        static Machine healthy() {
            return new Machine("32.0 GT/s PCIe", 16, gpu(256, 4096), rootPort(256, 256, 0x0000), null,
                    "always [madvise] never", "performance");
        }

        Machine withLink(String speed, int width) {
            return new Machine(speed, width, gpuConfig, portConfig, iommuType, thp, governor);
        }

        Machine withGpuConfig(PciConfigSpace config) {
            return new Machine(linkNow, widthNow, config, portConfig, iommuType, thp, governor);
        }

        Machine withPortConfig(PciConfigSpace config) {
            return new Machine(linkNow, widthNow, gpuConfig, config, iommuType, thp, governor);
        }

        Machine withIommu(String type) {
            return new Machine(linkNow, widthNow, gpuConfig, portConfig, type, thp, governor);
        }

        Machine withThp(String text) {
            return new Machine(linkNow, widthNow, gpuConfig, portConfig, iommuType, text, governor);
        }

        Machine withGovernor(String name) {
            return new Machine(linkNow, widthNow, gpuConfig, portConfig, iommuType, thp, name);
        }
    }

    /** Writes {@code machine} under {@code root} and returns the root. */
    static Path write(Path root, Machine machine) {
        try {
            Path port = root.resolve("devices/pci0000:00").resolve(PORT);
            Path gpu = port.resolve(GPU);
            Files.createDirectories(gpu);
            Files.write(port.resolve("config"), machine.portConfig().bytes());
            Files.write(gpu.resolve("config"), machine.gpuConfig().bytes());
            text(gpu.resolve("vendor"), "0x10de");
            text(gpu.resolve("class"), "0x030200");
            text(gpu.resolve("numa_node"), "0");
            text(gpu.resolve("local_cpulist"), "0-15");
            text(gpu.resolve("current_link_speed"), machine.linkNow());
            text(gpu.resolve("current_link_width"), String.valueOf(machine.widthNow()));
            text(gpu.resolve("max_link_speed"), "32.0 GT/s PCIe");
            text(gpu.resolve("max_link_width"), "16");
            Path devices = Files.createDirectories(root.resolve("bus/pci/devices"));
            Files.createSymbolicLink(devices.resolve(GPU), gpu);
            Files.createSymbolicLink(devices.resolve(PORT), port);
            if (machine.iommuType() != null) {
                Path group = Files.createDirectories(root.resolve("kernel/iommu_groups/7"));
                text(group.resolve("type"), machine.iommuType());
                Files.createSymbolicLink(gpu.resolve("iommu_group"), group);
            }
            text(Files.createDirectories(root.resolve("kernel/mm/transparent_hugepage")).resolve("enabled"),
                    machine.thp());
            Path node = Files.createDirectories(root.resolve("devices/system/node/node0"));
            text(node.resolve("cpulist"), "0-15");
            for (int cpu = 0; cpu < 2; cpu++) {
                text(Files.createDirectories(root.resolve("devices/system/cpu/cpu" + cpu + "/cpufreq"))
                        .resolve("scaling_governor"), machine.governor());
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void text(Path file, String content) throws IOException {
        Files.writeString(file, content + "\n", StandardCharsets.US_ASCII);
    }
}
