package dev.xfer.app.run;

import dev.xfer.app.output.DevicesDocument;
import dev.xfer.app.output.FieldMap;
import dev.xfer.app.output.GpuDocument;
import dev.xfer.app.output.RunContext;

import java.util.List;
import java.util.Map;

/**
 * Test code only: typed documents ({@link GpuDocument}, {@link DevicesDocument}) made from
 * parameters and rows given as maps, each wrapped as a {@link FieldMap}: fake commands' documents.
 */
public final class Documents {
    private Documents() {
    }

    /** The JSON document every measuring command writes: schema, context, parameters, results. */
    public static GpuDocument document(String command, RunContext context, Map<String, Object> parameters,
                                       List<?> results, List<?> failures) {
        return GpuDocument.of(command, context, FieldMap.of(parameters), FieldMap.rows(results),
                FieldMap.rows(failures));
    }

    /** The document of a run over several devices ({@link DevicesDocument}). */
    public static DevicesDocument devicesDocument(String command, Map<String, Object> parameters,
                                                  List<GpuDocument> devices) {
        return DevicesDocument.of(command, FieldMap.of(parameters), devices);
    }
}
