package dev.xfer.app.commands;

import dev.xfer.app.devices.DeviceDocument;
import dev.xfer.app.devices.DeviceInventoryDocument;
import dev.xfer.app.doctor.Cause;
import dev.xfer.app.doctor.Cost;
import dev.xfer.app.doctor.DoctorDocument;
import dev.xfer.app.doctor.Evidence;
import dev.xfer.app.doctor.Severity;
import dev.xfer.app.doctor.TimeCost;
import dev.xfer.app.format.Json;
import dev.xfer.app.format.RecordBinder;
import dev.xfer.app.topo.TopoDocument;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Any {@code doctor}, {@code devices} or {@code topo} document xfer can write binds back to an equal
 * record that writes the same bytes: any text (control characters, quotes, any code point), every
 * value known or unknown (null).
 */
class HostDocumentsRoundTripPropertiesTest {
    private final RecordBinder binder = new RecordBinder();

    private static Arbitrary<String> text() {
        return Arbitraries.strings().all().ofMaxLength(12);
    }

    private static Arbitrary<OptionalInt> index() {
        return Arbitraries.integers().between(0, 4096).optional()
                .map(o -> o.map(OptionalInt::of).orElse(OptionalInt.empty()));
    }

    private static Arbitrary<OptionalDouble> rate() {
        return Arbitraries.doubles().between(0, 1e6).optional()
                .map(o -> o.map(OptionalDouble::of).orElse(OptionalDouble.empty()));
    }

    private static Arbitrary<TopoDocument.Cuda> cuda() {
        return Combinators.combine(Arbitraries.of(true, false), text(), text(), text(), text()).as((usable, d, r, l, why) ->
                usable ? new TopoDocument.Cuda(true, Optional.of(d), Optional.of(r), Optional.of(l), Optional.empty())
                        : new TopoDocument.Cuda(false, Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(why)));
    }

    private static Arbitrary<Optional<DeviceDocument.Link>> link() {
        return Combinators.combine(Arbitraries.integers().between(1, 6), Arbitraries.of(1, 2, 4, 8, 16, 32))
                .as(DeviceDocument.Link::new).optional();
    }

    private static Arbitrary<DoctorDocument.About> about() {
        return Combinators.combine(Arbitraries.of(Cause.class), text(), Arbitraries.of("host", "gpu", "pair"), text(), index())
                .as(DoctorDocument.About::new);
    }

    private static Arbitrary<List<Evidence>> evidence() {
        return Combinators.combine(text(), text(), text()).as(Evidence::new).list().ofMaxSize(3);
    }

    /** The first components of a finding, to stay within what one combination takes. */
    private record Head(DoctorDocument.About about, int rank, Severity severity, boolean costsBandwidth) {
    }

    private static Arbitrary<DoctorDocument.FindingEntry> finding() {
        Arbitrary<Head> head = Combinators.combine(about(), Arbitraries.integers().between(1, 40),
                Arbitraries.of(Severity.class), Arbitraries.of(true, false)).as(Head::new);
        Arbitrary<Optional<Cost>> cost = Combinators.combine(Arbitraries.doubles().between(0, 1000),
                Arbitraries.of(Cost.MEASURED, Cost.THEORETICAL, Cost.ESTIMATED)).as(Cost::new).optional();
        Arbitrary<Optional<TimeCost>> time = Combinators.combine(Arbitraries.doubles().between(0, 100), text(), text())
                .as(TimeCost::new).optional();
        return Combinators.combine(head, text(), evidence(), cost, time, text()).as((h, summary, ev, c, t, remedy) ->
                new DoctorDocument.FindingEntry(h.about(), h.rank(), h.severity(), h.costsBandwidth(), summary, ev, c, t,
                        remedy));
    }

    private static Arbitrary<DoctorDocument.Gpu> doctorGpu() {
        return Combinators.combine(index(), text().optional(), text(), Arbitraries.doubles().between(0, 60), text(),
                Arbitraries.of(true, false)).as((index, name, bus, seconds, why, probed) ->
                new DoctorDocument.Gpu(index, name, bus, probed ? OptionalDouble.of(seconds) : OptionalDouble.empty(),
                        probed ? Optional.empty() : Optional.of(why)));
    }

    @Provide
    Arbitrary<DoctorDocument> doctorDocuments() {
        Arbitrary<DoctorDocument.ClearEntry> clear = Combinators.combine(about(), text(), evidence())
                .as(DoctorDocument.ClearEntry::new);
        Arbitrary<DoctorDocument.UnknownEntry> unknown = Combinators.combine(about(), text())
                .as(DoctorDocument.UnknownEntry::new);
        return Combinators.combine(text(), cuda(), doctorGpu().list().ofMaxSize(3), Arbitraries.of(true, false),
                finding().list().ofMaxSize(4), clear.list().ofMaxSize(3), unknown.list().ofMaxSize(3))
                .as((xfer, cuda, gpus, costs, findings, clears, unknowns) ->
                        new DoctorDocument(1, xfer, "doctor", cuda, gpus, costs, findings, clears, unknowns));
    }

    @Provide
    Arbitrary<DeviceInventoryDocument> deviceDocuments() {
        Arbitrary<DeviceDocument> device = Combinators.combine(
                Combinators.combine(Arbitraries.integers().between(0, 63), text(), text().optional(), text(),
                        Arbitraries.longs().between(0, Long.MAX_VALUE), Arbitraries.longs().between(0, Long.MAX_VALUE),
                        Arbitraries.integers().between(0, 1024), Arbitraries.integers().between(0, 8))
                        .as(List::<Object>of),
                Combinators.combine(Arbitraries.of(true, false), text(), index(), text().optional()).as(List::<Object>of),
                link(), link(), rate()).as(HostDocumentsRoundTripPropertiesTest::device);
        Arbitrary<DeviceInventoryDocument.Software> software = Combinators.combine(text(), text(), text())
                .as(DeviceInventoryDocument.Software::new);
        return Combinators.combine(text(), software, device.list().ofMaxSize(4))
                .as((xfer, s, devices) -> new DeviceInventoryDocument(1, xfer, "devices", s, devices));
    }

    @SuppressWarnings("unchecked")
    private static DeviceDocument device(List<Object> first, List<Object> second, Optional<DeviceDocument.Link> current,
                                         Optional<DeviceDocument.Link> max, OptionalDouble gbps) {
        return new DeviceDocument((int) first.get(0), (String) first.get(1), (Optional<String>) first.get(2),
                (String) first.get(3), (long) first.get(4), (long) first.get(5), (int) first.get(6), (int) first.get(7),
                (boolean) second.get(0), (String) second.get(1), (OptionalInt) second.get(2),
                (Optional<String>) second.get(3), current, max, gbps);
    }

    @Provide
    Arbitrary<TopoDocument> topoDocuments() {
        Arbitrary<TopoDocument.Gpu> gpu = Combinators.combine(index(), text().optional(), text(), index(),
                text().optional(), link(), link(), rate()).as((i, name, bus, node, cpus, current, max, gbps) ->
                new TopoDocument.Gpu(i, name, bus, node, cpus, current, max, gbps, current.isPresent() && max.isPresent()
                        && current.get().width() < max.get().width()));
        Arbitrary<OptionalLong> bytes = Arbitraries.longs().between(0, Long.MAX_VALUE).optional()
                .map(o -> o.map(OptionalLong::of).orElse(OptionalLong.empty()));
        Arbitrary<TopoDocument.Node> node = Combinators.combine(Arbitraries.integers().between(0, 1023),
                text().optional(), bytes, bytes).as(TopoDocument.Node::new);
        return Combinators.combine(text(), cuda(), gpu.list().ofMaxSize(4), node.list().ofMaxSize(4),
                Arbitraries.of(true, false), Arbitraries.of(true, false))
                .as((xfer, cuda, gpus, nodes, assumed, single) ->
                        new TopoDocument(1, xfer, "topo", cuda, gpus, nodes, assumed, single));
    }

    @Property(tries = 200)
    void anyDoctorDocumentBindsBack(@ForAll("doctorDocuments") DoctorDocument doc) {
        String written = Json.write(doc);
        DoctorDocument read = binder.read(written, DoctorDocument.class);
        assertEquals(doc, read);
        assertEquals(written, Json.write(read));
    }

    @Property(tries = 200)
    void anyDevicesDocumentBindsBack(@ForAll("deviceDocuments") DeviceInventoryDocument doc) {
        String written = Json.write(doc);
        assertEquals(doc, binder.read(written, DeviceInventoryDocument.class));
    }

    @Property(tries = 200)
    void anyTopoDocumentBindsBack(@ForAll("topoDocuments") TopoDocument doc) {
        String written = Json.write(doc);
        assertEquals(doc, binder.read(written, TopoDocument.class));
    }
}
