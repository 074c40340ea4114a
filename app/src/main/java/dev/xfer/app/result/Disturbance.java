package dev.xfer.app.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.xfer.app.format.Labelled;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS;

/**
 * Something that overlapped a measurement and can explain its figure: the document's
 * {@code "disturbances": [{"kind", "detail", "evidence"}]} on a device entry, one record per
 * kind, each with its own evidence. A GPU with one is DISTURBED: its figures are kept and shown,
 * but a gate does not judge them (exit 6: re-run).
 *
 * <p>Written as it is by the JSON writer ({@code kind} from the record's {@code @JsonTypeName}) and bound
 * back by {@code format/RecordBinder}: evidence of the wrong shape is the field's error.
 */
// The kind is a property of its own (its label is the record's @JsonTypeName), written first
// however the record is reached: databind writes a type id only where the declared type is
// Disturbance, and a document assembled as a map (EvidenceDocumentGoldenTest) declares Object.
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "kind")
@JsonPropertyOrder({"kind"})
@JsonSubTypes({@JsonSubTypes.Type(Disturbance.ForeignLinkTraffic.class), @JsonSubTypes.Type(Disturbance.ForeignProcess.class),
        @JsonSubTypes.Type(Disturbance.Throttle.class), @JsonSubTypes.Type(Disturbance.LinkRetrained.class),
        @JsonSubTypes.Type(Disturbance.LinkReplays.class)})
public sealed interface Disturbance {
    @JsonProperty("kind")
    Kind kind();

    /** In plain words, naming the figures ({@code pid 4711 (python) holds a context on GPU 0}). */
    String detail();

    /** The readings behind it, as the document carries them. */
    Record evidence();

    /** More than {@code thresholdGBps} of traffic that was not xfer's crossed the link in one direction. */
    @JsonTypeName("foreign-link-traffic")
    record ForeignLinkTraffic(String detail, Evidence evidence) implements Disturbance {
        /**
         * @param direction {@code rx} (into the GPU) or {@code tx}
         * @param during    the window: a phase, a run of phases, or an idle stretch
         */
        public record Evidence(String direction, String during, double windowMs, double counterGBps, double ownGBps,
                               double foreignGBps, double thresholdGBps) {
        }

        @Override
        public Kind kind() {
            return Kind.FOREIGN_LINK_TRAFFIC;
        }
    }

    /** A process other than xfer held a compute context on the GPU. */
    @JsonTypeName("foreign-process")
    record ForeignProcess(String detail, Evidence evidence) implements Disturbance {
        /** @param name null in the document when it could not be read (another container's process) */
        public record Evidence(long pid, @JsonInclude(ALWAYS) Optional<String> name) {
        }

        @Override
        public Kind kind() {
            return Kind.FOREIGN_PROCESS;
        }
    }

    /** Clocks held back by a reason other than idle at a phase's start or end. */
    @JsonTypeName("throttle")
    record Throttle(String detail, Evidence evidence) implements Disturbance {
        /** @param smClockMHz at the first throttled snapshot; null in the document when unknown */
        public record Evidence(List<String> reasons, List<String> phases, @JsonInclude(ALWAYS) OptionalInt smClockMHz) {
            public Evidence {
                reasons = List.copyOf(reasons);
                phases = List.copyOf(phases);
            }
        }

        @Override
        public Kind kind() {
            return Kind.THROTTLE;
        }
    }

    /** The PCIe link's generation or width changed. */
    @JsonTypeName("link-retrained")
    record LinkRetrained(String detail, Evidence evidence) implements Disturbance {
        public record Evidence(Link from, Link to, String when) {
        }

        public record Link(int generation, int width) {
        }

        @Override
        public Kind kind() {
            return Kind.LINK_RETRAINED;
        }
    }

    /** The PCIe replay counter grew during phases. */
    @JsonTypeName("link-replays")
    record LinkReplays(String detail, Evidence evidence) implements Disturbance {
        public record Evidence(long replays, List<String> phases) {
            public Evidence {
                phases = List.copyOf(phases);
            }
        }

        @Override
        public Kind kind() {
            return Kind.LINK_REPLAYS;
        }
    }

    enum Kind implements Labelled {
        FOREIGN_LINK_TRAFFIC("foreign-link-traffic"),
        FOREIGN_PROCESS("foreign-process"),
        THROTTLE("throttle"),
        LINK_RETRAINED("link-retrained"),
        LINK_REPLAYS("link-replays");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The name documents, CSV, JUnit and OpenMetrics use. */
        @Override
        public String label() {
            return label;
        }
    }
}
