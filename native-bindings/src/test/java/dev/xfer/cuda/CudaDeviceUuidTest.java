package dev.xfer.cuda;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CudaDeviceUuidTest {
    @Test
    void formatsLikeNvidiaSmi() {
        byte[] bytes = new byte[16];
        for (int i = 0; i < 16; i++) {
            bytes[i] = (byte) (i * 17);
        }
        assertEquals("GPU-00112233-4455-6677-8899-aabbccddeeff", CudaDevice.formatUuid(bytes));
        assertThrows(IllegalArgumentException.class, () -> CudaDevice.formatUuid(new byte[15]));
    }
}
