package dev.xfer.app.format;

import dev.xfer.app.format.Specimens.Circle;
import dev.xfer.app.format.Specimens.Colour;
import dev.xfer.app.format.Specimens.Point;
import dev.xfer.app.format.Specimens.Sample;
import dev.xfer.app.format.Specimens.Shape;
import dev.xfer.app.format.Specimens.Square;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Any record of the specimens, written then bound, is the same record; and written as its map, the same bytes. */
class RecordRoundTripPropertiesTest {
    private final RecordBinder binder = new RecordBinder();

    // Finite (a non-finite number is written as null); -0.0 among them, which binds back with its sign.
    private static Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(Arbitraries.doubles().filter(Double::isFinite),
                Arbitraries.of(0.0, -0.0, 1e-300, Double.MAX_VALUE, Double.MIN_VALUE, 1e21, 12.5));
    }

    private static Arbitrary<Point> points() {
        return Arbitraries.longs().flatMap(x -> doubles().map(y -> new Point(x, y)));
    }

    private static Arbitrary<Shape> shapes() {
        return Arbitraries.oneOf(doubles().map(r -> (Shape) new Circle(r)),
                Arbitraries.longs().flatMap(side -> Arbitraries.strings().ofMaxLength(6).optional()
                        .map(label -> (Shape) new Square(side, label))));
    }

    @Provide
    Arbitrary<Sample> samples() {
        return Builders.withBuilder(() -> new Object[14])
                .use(Arbitraries.strings().ofMaxLength(12)).in((a, v) -> set(a, 0, v))
                .use(Arbitraries.integers()).in((a, v) -> set(a, 1, v))
                .use(Arbitraries.longs()).in((a, v) -> set(a, 2, v))
                .use(doubles()).in((a, v) -> set(a, 3, v))
                .use(Arbitraries.of(true, false)).in((a, v) -> set(a, 4, v))
                .use(Arbitraries.of(Colour.class)).in((a, v) -> set(a, 5, v))
                .use(points().list().ofMaxSize(3)).in((a, v) -> set(a, 6, v))
                .use(Arbitraries.strings().ofMaxLength(5).optional()).in((a, v) -> set(a, 7, v))
                .use(Arbitraries.integers().optional().map(o -> o.map(OptionalInt::of).orElse(OptionalInt.empty())))
                .in((a, v) -> set(a, 8, v))
                .use(doubles().optional().map(o -> o.map(OptionalDouble::of).orElse(OptionalDouble.empty())))
                .in((a, v) -> set(a, 9, v))
                .use(Arbitraries.longs().optional().map(o -> o.map(OptionalLong::of).orElse(OptionalLong.empty())))
                .in((a, v) -> set(a, 10, v))
                .use(points().optional()).in((a, v) -> set(a, 11, v))
                .use(shapes().list().ofMaxSize(3)).in((a, v) -> set(a, 12, v))
                .use(Arbitraries.of(Colour.class).optional()).in((a, v) -> set(a, 13, v))
                .build(RecordRoundTripPropertiesTest::sample);
    }

    private static Object[] set(Object[] a, int i, Object v) {
        a[i] = v;
        return a;
    }

    @SuppressWarnings("unchecked")
    private static Sample sample(Object[] a) {
        return new Sample((String) a[0], (Integer) a[1], (Long) a[2], (Double) a[3], (Boolean) a[4], (Colour) a[5],
                (List<Point>) a[6], (Optional<String>) a[7], (OptionalInt) a[8], (OptionalDouble) a[9],
                (OptionalLong) a[10], (Optional<Point>) a[11], (List<Shape>) a[12], (Optional<Colour>) a[13]);
    }

    @Property
    void writtenThenBoundIsEqual(@ForAll("samples") Sample s) {
        assertEquals(s, binder.read(Json.write(s), Sample.class));
        assertEquals(s, binder.read(Json.writeLine(s), Sample.class));
    }

    @Property
    void writtenAsItsMapByteForByte(@ForAll("samples") Sample s) {
        assertEquals(Json.write(Specimens.map(s)), Json.write(s));
    }
}
