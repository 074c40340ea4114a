package dev.xfer.app.topo;

import dev.xfer.cuda.CudaVersion;

import java.nio.file.Path;
import java.util.Objects;

/** Whether the GPUs of a topology inventory came from the CUDA runtime, and if not, why not. */
public sealed interface CudaStatus {

    /** Whether the CUDA runtime answered, so the GPUs carry CUDA's indices and names. */
    boolean usable();

    /**
     * The runtime answered.
     *
     * @param driver    the driver's CUDA version
     * @param runtime   the runtime's version
     * @param libcudart the library that was loaded
     */
    record Usable(CudaVersion driver, CudaVersion runtime, Path libcudart) implements CudaStatus {
        public Usable {
            Objects.requireNonNull(driver, "driver");
            Objects.requireNonNull(runtime, "runtime");
            Objects.requireNonNull(libcudart, "libcudart");
        }

        @Override
        public boolean usable() {
            return true;
        }
    }

    /**
     * The runtime could not be used; the GPUs come from sysfs.
     *
     * @param reason one line saying why, as xfer's error line says it but without the {@code xfer: } prefix
     */
    record Unusable(String reason) implements CudaStatus {
        public Unusable {
            Objects.requireNonNull(reason, "reason");
            if (reason.isBlank() || reason.indexOf('\n') >= 0 || reason.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("the reason is one line of text, got '" + reason + "'");
            }
        }

        @Override
        public boolean usable() {
            return false;
        }
    }
}
