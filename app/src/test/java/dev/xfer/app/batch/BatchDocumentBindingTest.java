package dev.xfer.app.batch;

import dev.xfer.app.output.GpuDocument;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A batch row binds what the schema allows: {@code verified} true, false, null or absent. */
class BatchDocumentBindingTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/batch.json");

    private static BatchDocument.StrategyRow firstRow(String text) {
        return (BatchDocument.StrategyRow) ((GpuDocument) BatchDocument.parts().read(text)).results().getFirst();
    }

    @Test
    void aNullVerifiedIsNoCheckNotABadDocument() throws IOException {
        String text = Files.readString(GOLDEN);
        String first = "\"verified\": true";
        int at = text.indexOf(first);
        String withNull = text.substring(0, at) + "\"verified\": null" + text.substring(at + first.length());
        assertEquals(Optional.of(true), firstRow(text).verified());
        assertEquals(Optional.empty(), firstRow(withNull).verified());
    }
}
