package dev.xfer.app.run;

import dev.xfer.app.output.DocumentSchema;
import dev.xfer.app.output.RunContext;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON document envelopes every measuring command writes, for one device and for several. */
public final class Documents {
    private Documents() {
    }

    /** The JSON document every measuring command writes: schema, context, parameters, results. */
    public static Map<String, Object> document(String command, RunContext context, Map<String, Object> parameters,
                                               List<Object> results, List<Object> failures) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentSchema.VERSION);
        doc.put("command", command);
        doc.put("context", context.toJson());
        doc.put("parameters", parameters);
        doc.put("results", results);
        doc.put("failures", failures);
        return doc;
    }

    /**
     * The document of a run over several devices: {@code schemaVersion}, {@code command}, the
     * whole run's {@code parameters}, and {@code devices}: one document per device, each exactly
     * what a one-device run of it writes ({@link #document}; the {@code expectations} are the
     * whole run's, at the top). A command adds its keys for what spans the devices after these.
     * One device selected (also {@code --device all} on a one-GPU machine) writes the one-device
     * document instead, unchanged.
     */
    public static Map<String, Object> devicesDocument(String command, Map<String, Object> parameters,
                                                      List<Map<String, Object>> devices) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", DocumentSchema.VERSION);
        doc.put("command", command);
        doc.put("parameters", parameters);
        doc.put("devices", List.copyOf(devices));
        return doc;
    }
}
