package dev.xfer.app.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * Records for the writer's and binder's tests, one of each kind of component, with the map each
 * is written as (built by hand, the way the *Json classes build theirs) to compare byte for byte.
 */
final class Specimens {
    private Specimens() {
    }

    enum Colour implements Labelled {
        RED("red"), DEEP_BLUE("deep-blue");

        private final String label;

        Colour(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }
    }

    /** No label: the writer and binder refuse it. */
    enum Bare { ONE }

    record Point(long x, double y) {
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
    @JsonSubTypes({@JsonSubTypes.Type(Circle.class), @JsonSubTypes.Type(Square.class)})
    sealed interface Shape permits Circle, Square {
    }

    @JsonTypeName("circle")
    record Circle(double radius) implements Shape {
    }

    @JsonTypeName("square")
    record Square(long side, Optional<String> label) implements Shape {
    }

    record Sample(String name, int count, long bytes, double gbps, boolean verified, Colour colour,
                  List<Point> points, Optional<String> note, @JsonInclude(ALWAYS) OptionalInt numaNode,
                  OptionalDouble median, OptionalLong pid, Optional<Point> origin, List<Shape> shapes,
                  @JsonInclude(ALWAYS) Optional<Colour> tint) {
    }

    record Positive(long value) {
        Positive {
            if (value < 0) {
                throw new IllegalArgumentException("expected 0 or more, got " + value);
            }
        }
    }

    record Box<T>(T value, List<T> more) {
    }

    record Boxes(Box<String> words, Box<Point> points) {
    }

    record Probe(OrUnknown<Long> replays, OrUnknown<List<Point>> points) {
    }

    record WithMap(Map<String, Object> map) {
    }

    record WithBare(Bare bare) {
    }

    record Nullable(String text) {
    }

    static Map<String, Object> map(Point p) {
        return JsonMaps.object("x", p.x(), "y", p.y());
    }

    static Map<String, Object> map(Shape s) {
        return switch (s) {
            case Circle c -> JsonMaps.object("kind", "circle", "radius", c.radius());
            case Square q -> {
                Map<String, Object> m = JsonMaps.object("kind", "square", "side", q.side());
                q.label().ifPresent(l -> m.put("label", l));
                yield m;
            }
        };
    }

    /** {@code s} as a *Json class would have built it. */
    static Map<String, Object> map(Sample s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("count", s.count());
        m.put("bytes", s.bytes());
        m.put("gbps", s.gbps());
        m.put("verified", s.verified());
        m.put("colour", s.colour().label());
        m.put("points", s.points().stream().map(Specimens::map).toList());
        s.note().ifPresent(n -> m.put("note", n));
        m.put("numaNode", s.numaNode().isPresent() ? (Object) s.numaNode().getAsInt() : null);
        if (s.median().isPresent()) {
            m.put("median", s.median().getAsDouble());
        }
        if (s.pid().isPresent()) {
            m.put("pid", s.pid().getAsLong());
        }
        s.origin().ifPresent(o -> m.put("origin", map(o)));
        m.put("shapes", s.shapes().stream().map(Specimens::map).toList());
        m.put("tint", s.tint().map(Colour::label).orElse(null));
        return m;
    }

    static Sample sample() {
        return new Sample("h2d \"pinned\"\n", 3, 1L << 40, 25.125, true, Colour.DEEP_BLUE,
                List.of(new Point(1, 0.5), new Point(-2, 1e-7)), Optional.of("ok"), OptionalInt.empty(),
                OptionalDouble.of(3.0), OptionalLong.empty(), Optional.of(new Point(0, 0)),
                List.of(new Circle(2.5), new Square(4, Optional.empty()), new Square(1, Optional.of("x"))),
                Optional.empty());
    }
}
