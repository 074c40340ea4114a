package dev.xfer.app.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class JsonPropertiesTest {

    @Provide
    Arbitrary<Object> values() {
        return Arbitraries.recursive(JsonPropertiesTest::scalars, JsonPropertiesTest::containers,
                0, 4);
    }

    private static Arbitrary<Object> containers(Arbitrary<Object> elements) {
        return Arbitraries.oneOf(
                elements.list().ofMaxSize(4).map(list -> (Object) list),
                Arbitraries.maps(Arbitraries.strings().ofMaxLength(8), elements)
                        .ofMaxSize(4)
                        .map(map -> (Object) new LinkedHashMap<>(map)));
    }

    private static Arbitrary<Object> scalars() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(20).map(s -> (Object) s),
                Arbitraries.longs().map(l -> (Object) l),
                Arbitraries.doubles().filter(Double::isFinite).map(d -> (Object) d),
                Arbitraries.of(true, false).map(b -> (Object) b),
                Arbitraries.just(null));
    }

    @Property
    void parseReadsBackWhatWriteWrote(@ForAll("values") Object value) {
        assertEquals(value, JsonMaps.parse(Json.write(value)));
    }

    @Property
    void keyOrderSurvivesTheRoundTrip(@ForAll("values") Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<?, ?> back = (Map<?, ?>) JsonMaps.parse(Json.write(map));
            assertEquals(List.copyOf(map.keySet()), List.copyOf(back.keySet()));
        }
    }

    @Property
    void anyStringRoundTrips(@ForAll String text) {
        assertEquals(text, JsonMaps.parse(Json.write(text)));
        assertEquals(Map.of(text, text), JsonMaps.parse(Json.write(Map.of(text, text))));
    }

    @Property
    void anyStringRoundTripsThroughUtf8(@ForAll String text) {
        byte[] utf8 = Json.write(text).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(text, JsonMaps.parse(new String(utf8, java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Property
    void anyDoubleRoundTripsExactly(@ForAll double value) {
        Object back = JsonMaps.parse(Json.write(value));
        if (Double.isFinite(value)) {
            assertEquals(value, back);
        } else {
            assertEquals(null, back);
        }
    }

    @Property
    void anyLongRoundTripsAsLong(@ForAll long value) {
        assertEquals(value, JsonMaps.parse(Json.write(value)));
    }
}
