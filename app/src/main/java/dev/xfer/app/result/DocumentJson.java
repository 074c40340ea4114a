package dev.xfer.app.result;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The parts of a results document that have one shape in every command, as Jackson binds them.
 * Unknown fields are ignored so that documents with fields added later (an optional field does
 * not change the schema version) still read; every field that is present must have its type.
 */
final class DocumentJson {
    private DocumentJson() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Context(String host, String label, String started, Device device) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Device(Integer index, String name, String uuid, String pciBusId, Link linkCurrent, Link linkMax) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Link(Integer generation, Integer width) {
    }
}
