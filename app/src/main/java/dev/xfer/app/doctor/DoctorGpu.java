package dev.xfer.app.doctor;

import dev.xfer.app.sysfs.PciAddress;
import dev.xfer.app.sysfs.PciDeviceInfo;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One GPU doctor examines.
 *
 * @param index   CUDA's index; empty when CUDA is not usable and the GPU comes from sysfs
 * @param name    CUDA's name; empty likewise
 * @param address its PCI address
 * @param pci     what sysfs says of it; empty when sysfs has no entry (some containers)
 * @param probe   what the probe measured; empty when it did not run, {@code notProbed} says why
 * @param firstCalls how long doctor's first CUDA calls took; empty without CUDA
 */
public record DoctorGpu(OptionalInt index, Optional<String> name, PciAddress address, Optional<PciDeviceInfo> pci,
                        Optional<ProbeFigures> probe, String notProbed, Optional<FirstCalls> firstCalls) {
    public DoctorGpu {
        Objects.requireNonNull(index, "index");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(pci, "pci");
        Objects.requireNonNull(probe, "probe");
        Objects.requireNonNull(notProbed, "notProbed");
        Objects.requireNonNull(firstCalls, "firstCalls");
    }

    /** A GPU whose first CUDA calls were not timed: from sysfs alone, or examined for a hint. */
    public DoctorGpu(OptionalInt index, Optional<String> name, PciAddress address, Optional<PciDeviceInfo> pci,
                     Optional<ProbeFigures> probe, String notProbed) {
        this(index, name, address, pci, probe, notProbed, Optional.empty());
    }

    public Scope scope() {
        return index.isPresent() ? Scope.gpu(index.getAsInt(), address.sysfsName()) : Scope.gpu(address.sysfsName());
    }
}
