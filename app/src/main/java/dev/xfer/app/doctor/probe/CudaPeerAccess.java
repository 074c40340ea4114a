package dev.xfer.app.doctor.probe;

import dev.xfer.app.doctor.Examination;
import dev.xfer.app.evidence.Reading;
import dev.xfer.cuda.CudaException;
import dev.xfer.cuda.CudaRuntime;

/** {@code cudaDeviceCanAccessPeer} for each pair, a failed call read as unknown. */
public record CudaPeerAccess(CudaRuntime cuda) implements Examination.PeerAccess {
    @Override
    public Reading<Boolean> canAccess(int from, int to) {
        String call = "cudaDeviceCanAccessPeer(" + from + ", " + to + ")";
        try {
            return Reading.known(cuda.device(from).canAccessPeer(cuda.device(to)), call);
        } catch (CudaException e) {
            return Reading.unknown(call + " failed: " + e.getMessage().lines().findFirst().orElse(""), call);
        }
    }
}
