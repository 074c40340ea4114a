package dev.xfer.app.docs;

import dev.xfer.app.bandwidth.AllocationSpread;
import dev.xfer.app.bandwidth.BandwidthResults;
import dev.xfer.app.bandwidth.BandwidthResult;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.cli.MeasuringMixin;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.JsonMaps;
import dev.xfer.app.output.ResultsFixtures;
import dev.xfer.app.smoke.SmokeDocument;
import dev.xfer.app.smoke.SmokeTimes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * What the quick profile added to smoke's document (its profile, whether the GPUs ran at once,
 * the run's and each device's times, each result's allocation spread) is in the published schema
 * with the types smoke writes.
 */
class SmokeTimesSchemaTest {
    @SuppressWarnings("unchecked")
    private static SchemaValidator validator() {
        return new SchemaValidator((Map<String, Object>) JsonMaps.parse(RepositoryFiles.read(
                RepositoryFiles.root().resolve("docs/schema/xfer-" + MeasuringMixin.SCHEMA_VERSION + ".schema.json"))));
    }

    private static Object document() {
        BandwidthResults base = ResultsFixtures.bandwidthReport();
        List<BandwidthResult> results = new ArrayList<>();
        for (BandwidthResult r : base.results()) {
            results.add(new BandwidthResult(r.memory(), r.direction(), r.bytes(), r.gigabytesPerSecond(), r.microseconds(),
                    r.percentOfLink(), r.verified(), r.numaNode(), r.hostMemoryNodes(), CopyPath.DRIVER, Optional.empty(), Optional.empty(),
                    Optional.of(new AllocationSpread(List.of(r.gigabytesPerSecond().median(), 40.0, 45.5)))));
        }
        BandwidthResults bandwidth = new BandwidthResults(base.context(), base.plan().withAllocations(3), results,
                base.failures(), List.of());
        SmokeDocument.Device device = SmokeDocument.device(ResultsFixtures.context(), bandwidth,
                ResultsFixtures.overlapReport(), ResultsFixtures.checkReport(), List.of(), List.of(), true,
                new SmokeTimes(0.41, 0.0, 0.22, 0.09, 0.18));
        SmokeDocument.Run doc = SmokeDocument.of(List.of(device), true,
                new SmokeDocument.SmokeRun("quick", false, 0.93, OptionalDouble.of(1.42)));
        return JsonMaps.parse(Json.write(doc));
    }

    @Test
    void aQuickDocumentWithTimesAndAllocationsIsValid() {
        assertEquals(List.of(), validator().validate(document()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theNewFieldsAreTyped() {
        Map<String, Object> wrongProfile = new LinkedHashMap<>((Map<String, Object>) document());
        wrongProfile.put("profile", "fast");
        assertFalse(validator().validate(wrongProfile).isEmpty(), "profile is standard or quick");
        Map<String, Object> unknownProcessStart = new LinkedHashMap<>((Map<String, Object>) document());
        unknownProcessStart.put("seconds", Map.of("run", 0.9, "sinceProcessStart", "soon"));
        assertFalse(validator().validate(unknownProcessStart).isEmpty(), "seconds are numbers (or null)");
    }
}
