package dev.xfer.app.cli;

import dev.xfer.app.bandwidth.CopyDirection;
import dev.xfer.app.bandwidth.CopyPath;
import dev.xfer.app.bandwidth.CopyTimer;
import dev.xfer.app.bandwidth.Initiation;
import dev.xfer.app.batch.BatchPreset;
import dev.xfer.app.batch.BatchStrategy;
import dev.xfer.app.staging.HostCopy;
import dev.xfer.app.check.CheckScenario;
import dev.xfer.app.overlap.OverlapSchedule;
import dev.xfer.app.pipeline.PipelinePlan;
import dev.xfer.cuda.HostMemoryKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * The values each enumerated option accepts, made from the enums the commands parse them with,
 * for picocli's {@code completionCandidates}: --help prints them where a description says
 * {@code ${COMPLETION-CANDIDATES}}, and the man pages and shell completion offer them, so none of
 * these can drift from the code. ChoicesInHelpTest checks each is in --help and accepted.
 */
public final class Choices {
    private Choices() {
    }

    private static <E extends Enum<E>> List<String> labels(Class<E> type, Function<E, String> label) {
        return Arrays.stream(type.getEnumConstants()).map(label).toList();
    }

    /** A fixed list of values, iterated afresh each time. */
    public abstract static class Values implements Iterable<String> {
        private final List<String> values;

        protected Values(List<String> values) {
            this.values = List.copyOf(values);
        }

        @Override
        public Iterator<String> iterator() {
            return values.iterator();
        }
    }

    /** bandwidth --memory: every host memory kind, and all. */
    public static final class BandwidthMemory extends Values {
        public BandwidthMemory() {
            super(with(labels(HostMemoryKind.class, HostMemoryKind::label), "all"));
        }
    }

    /** overlap --memory: the kinds that allow asynchronous copies. */
    public static final class AsyncMemory extends Values {
        public AsyncMemory() {
            super(Arrays.stream(HostMemoryKind.values()).filter(HostMemoryKind::allowsAsyncCopies)
                    .map(HostMemoryKind::label).toList());
        }
    }

    /** check --memory: the page-locked kinds, the only ones an async D2H can race on. */
    public static final class PageLockedMemory extends Values {
        public PageLockedMemory() {
            super(Arrays.stream(HostMemoryKind.values()).filter(HostMemoryKind::isPageLocked)
                    .map(HostMemoryKind::label).toList());
        }
    }

    public static final class Directions extends Values {
        public Directions() {
            super(labels(CopyDirection.class, CopyDirection::label));
        }
    }

    /** bandwidth --pattern: the many-GPU traffic patterns, and all of them. */
    public static final class Patterns extends Values {
        public Patterns() {
            super(with(labels(dev.xfer.app.bandwidth.pattern.TrafficPattern.class,
                    dev.xfer.app.bandwidth.pattern.TrafficPattern::label), "all"));
        }
    }

    /** bandwidth --initiation: which GPU of a copy between GPUs (--direction p2p, a GPU --pattern) issues it. */
    public static final class Initiations extends Values {
        public Initiations() {
            super(labels(Initiation.class, Initiation::label));
        }
    }

    /** bandwidth --copy: whose path moves memory that is not page-locked. */
    public static final class CopyPaths extends Values {
        public CopyPaths() {
            super(labels(CopyPath.class, CopyPath::label));
        }
    }

    public static final class Timers extends Values {
        public Timers() {
            super(labels(CopyTimer.class, CopyTimer::label));
        }
    }

    public static final class Presets extends Values {
        public Presets() {
            super(labels(BatchPreset.class, BatchPreset::label));
        }
    }

    public static final class Strategies extends Values {
        public Strategies() {
            super(labels(BatchStrategy.class, BatchStrategy::label));
        }
    }

    public static final class HostCopies extends Values {
        public HostCopies() {
            super(labels(HostCopy.class, HostCopy::label));
        }
    }

    public static final class Schedules extends Values {
        public Schedules() {
            super(labels(OverlapSchedule.class, OverlapSchedule::label));
        }
    }

    public static final class Scenarios extends Values {
        public Scenarios() {
            super(labels(CheckScenario.class, CheckScenario::id));
        }
    }

    /** pipeline --buffers: 1 (no overlap) up to 3. */
    public static final class PipelineBuffers extends Values {
        public PipelineBuffers() {
            super(IntStream.rangeClosed(PipelinePlan.MIN_BUFFERS, PipelinePlan.MAX_BUFFERS).mapToObj(Integer::toString)
                    .toList());
        }
    }

    /** overlap and pipeline --start: how a timed run starts. */
    public static final class Starts extends Values {
        public Starts() {
            super(labels(dev.xfer.app.measure.StartMode.class, dev.xfer.app.measure.StartMode::label));
        }
    }

    private static List<String> with(List<String> values, String more) {
        List<String> all = new ArrayList<>(values);
        all.add(more);
        return all;
    }
}
