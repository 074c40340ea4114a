package dev.xfer.app.commands;

import dev.xfer.app.GoldenFile;
import dev.xfer.app.bandwidth.OneDeviceRun;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.KernelCopyFixtures;
import dev.xfer.app.format.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;

/**
 * The JSON document of a {@code --copy driver,kernel --blocks 64,sm} run: kernel rows carry
 * {@code copy}, {@code blocks} and {@code threadsPerBlock}; driver rows are as they always were
 * (JsonSchemaGoldenTest validates the file against the schema).
 */
class KernelCopyDocumentGoldenTest {

    @Test
    void bandwidthKernel() throws IOException {
        BandwidthResults r = KernelCopyFixtures.report();
        GoldenFile.assertDocument("bandwidth-kernel.json", Json.write(OneDeviceRun.document(r)));
    }
}
