package dev.xfer.app.topo;

import dev.xfer.app.cli.ErrorLine;
import dev.xfer.app.devices.DeviceInfo;
import dev.xfer.app.devices.DeviceInventory;
import dev.xfer.app.sysfs.PciDeviceReader;
import dev.xfer.app.sysfs.SysfsFixtures;
import dev.xfer.cuda.CudaError;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaVersion;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Topology reports from the sysfs fixture trees, with CUDA usable or not. */
final class TopoFixtures {
    /** What cudaGetDeviceCount says on a machine without a driver, as this CI machine's libcudart does. */
    static final CudaException NO_DRIVER = new CudaException("cudaGetDeviceCount", new CudaError(35,
            "cudaErrorInsufficientDriver", "CUDA driver version is insufficient for CUDA runtime version"));
    static final String NO_DRIVER_REASON = "CUDA is not usable here: cudaGetDeviceCount: cudaErrorInsufficientDriver:"
            + " CUDA driver version is insufficient for CUDA runtime version (no NVIDIA driver found, or one older"
            + " than this CUDA runtime: install or update the NVIDIA driver, or pass --cudart with an older libcudart)";
    static final Path LIBCUDART = Path.of("/usr/local/cuda/lib64/libcudart.so.13");

    private TopoFixtures() {
    }

    /** CUDA failing as it does without a driver. */
    static Supplier<DeviceInventory> noDriver() {
        return () -> {
            throw NO_DRIVER;
        };
    }

    /** The report for a fixture tree when CUDA is not usable: the GPUs come from sysfs. */
    static TopoInventory withoutCuda(String fixtureCase) {
        return new TopoInspector(SysfsFixtures.root(fixtureCase), ErrorLine::line).inspect(noDriver());
    }

    /**
     * The report for a fixture tree when CUDA is usable and sees the given bus ids (as CUDA prints
     * them, upper-case hex allowed) as devices 0, 1, ..., all named "NVIDIA H200".
     */
    static TopoInventory withCuda(String fixtureCase, String... cudaBusIds) {
        Path root = SysfsFixtures.root(fixtureCase);
        PciDeviceReader sysfs = new PciDeviceReader(root);
        return new TopoInspector(root, ErrorLine::line).inspect(() -> {
            List<DeviceInfo> devices = new ArrayList<>();
            for (int i = 0; i < cudaBusIds.length; i++) {
                devices.add(new DeviceInfo(i, "NVIDIA H200", 9, 0, 150_109_880_320L, 149_534_343_168L, 132, 2, true,
                        cudaBusIds[i], sysfs.read(cudaBusIds[i]), -1));
            }
            return new DeviceInventory(new CudaVersion(13000), new CudaVersion(13000), LIBCUDART, devices);
        });
    }
}
