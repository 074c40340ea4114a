package dev.xfer.app.topo;

import dev.xfer.app.devices.DeviceInventory;
import dev.xfer.app.sysfs.NumaTopologyReader;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaUnavailableException;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/** Gathers a {@link TopoInventory}: the GPUs from CUDA when it is usable, else from sysfs; the NUMA nodes from sysfs. */
public final class TopoInspector {
    private static final String ERROR_PREFIX = "xfer: ";

    private final Path sysfsRoot;
    private final Function<RuntimeException, String> errorLine;

    /**
     * An inspector of the sysfs tree at {@code sysfsRoot}, normally {@code /sys}.
     *
     * @param errorLine the line xfer prints for a failure ({@code xfer: ...}): the reason CUDA is not
     *                  usable reads as it would on stderr. Given by the command, so this package
     *                  does not reach up into the command line's.
     */
    public TopoInspector(Path sysfsRoot, Function<RuntimeException, String> errorLine) {
        this.sysfsRoot = Objects.requireNonNull(sysfsRoot, "sysfsRoot");
        this.errorLine = Objects.requireNonNull(errorLine, "errorLine");
    }

    /**
     * Builds the inventory.
     *
     * @param cudaDevices what CUDA and sysfs say about each GPU, as {@code xfer devices} reads it;
     *                    may throw {@link CudaUnavailableException} or a {@link CudaException}
     *                    that {@linkplain dev.xfer.cuda.CudaError#meansCudaUnavailable() means CUDA
     *                    is not usable}, in which case the GPUs come from sysfs
     * @throws CudaException when a CUDA call fails for another reason: that is a fault to report,
     *                       not a machine without CUDA
     */
    public TopoInventory inspect(Supplier<DeviceInventory> cudaDevices) {
        CudaStatus cuda;
        List<TopoGpu> gpus;
        try {
            DeviceInventory devices = cudaDevices.get();
            cuda = new CudaStatus.Usable(devices.driver(), devices.runtime(), devices.libcudart());
            gpus = devices.devices().stream().map(TopoGpu::fromDevice).toList();
        } catch (CudaUnavailableException e) {
            cuda = unusable(e);
            gpus = fromSysfs();
        } catch (CudaException e) {
            if (!e.error().meansCudaUnavailable()) {
                throw e;
            }
            cuda = unusable(e);
            gpus = fromSysfs();
        }
        return new TopoInventory(cuda, gpus, new NumaTopologyReader(sysfsRoot).read());
    }

    private List<TopoGpu> fromSysfs() {
        return new PciDeviceReader(sysfsRoot).readNvidiaGpus().stream().map(TopoGpu::fromSysfs).toList();
    }

    /** The line xfer would print for {@code failure}, without its prefix and on one line. */
    CudaStatus.Unusable unusable(RuntimeException failure) {
        String line = errorLine.apply(failure).strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return new CudaStatus.Unusable(line.startsWith(ERROR_PREFIX) ? line.substring(ERROR_PREFIX.length()) : line);
    }
}
