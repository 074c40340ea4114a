package dev.xfer.app.sysfs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a PCI function sits in the tree sysfs mirrors: {@code bus/pci/devices/<address>} links to
 * {@code devices/pci0000:00/0000:00:01.0/0000:01:00.0}, so the folders above a function that are
 * named like PCI addresses are the bridges (root port, switch ports) its traffic crosses.
 */
public final class PciHierarchy {
    private final Path sysfsRoot;

    public PciHierarchy(Path sysfsRoot) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
    }

    /** One function and its sysfs folder. */
    public record PciFunction(PciAddress address, Path directory) {
        public PciFunction {
            Objects.requireNonNull(address, "address");
            Objects.requireNonNull(directory, "directory");
        }
    }

    /** The function's folder as {@code bus/pci/devices} names it; empty when sysfs has no such function. */
    public Optional<PciFunction> function(PciAddress address) {
        Path directory = sysfsRoot.resolve("bus/pci/devices").resolve(address.sysfsName());
        return Files.isDirectory(directory) ? Optional.of(new PciFunction(address, directory)) : Optional.empty();
    }

    /**
     * The bridges above {@code address}, nearest first (for a GPU behind a switch: the switch's
     * downstream port, its upstream port, the root port). Empty when the function sits on a root
     * bus (as a VM's passed-through GPU often does) or sysfs is not the kernel's linked tree.
     */
    public List<PciFunction> upstream(PciAddress address) {
        Optional<PciFunction> function = function(address);
        if (function.isEmpty()) {
            return List.of();
        }
        Path real;
        try {
            real = function.get().directory().toRealPath();
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        List<PciFunction> bridges = new ArrayList<>();
        for (Path parent = real.getParent(); parent != null && parent.getFileName() != null;
                parent = parent.getParent()) {
            Optional<PciAddress> bridge = PciAddress.parse(parent.getFileName().toString());
            if (bridge.isEmpty()) {
                break;
            }
            bridges.add(new PciFunction(bridge.get(), parent));
        }
        return List.copyOf(bridges);
    }

    /**
     * The host bridge folder the function hangs from, as sysfs names it ({@code pci0000:00}); empty
     * when sysfs is not the kernel's linked tree.
     */
    public Optional<String> hostBridge(PciAddress address) {
        Optional<PciFunction> function = function(address);
        if (function.isEmpty()) {
            return Optional.empty();
        }
        try {
            for (Path parent = function.get().directory().toRealPath().getParent(); parent != null
                    && parent.getFileName() != null; parent = parent.getParent()) {
                String name = parent.getFileName().toString();
                if (PciAddress.parse(name).isEmpty()) {
                    return name.startsWith("pci") ? Optional.of(name) : Optional.empty();
                }
            }
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
