package dev.xfer.app.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.xfer.app.measure.SampleClock;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import dev.xfer.app.stats.Summarized;
import dev.xfer.app.stats.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The engines time their samples through one loop, {@link SampleLoop}: a benchmark that runs a
 * {@link Warmup} itself, marks a clock itself, or summarizes samples of CUDA work it did not take
 * from the loop has grown a loop of its own again, with its own order of warm-up, set-up, marks and
 * safe points (issues 22 and 33). The bytecode shows no loops, so the rules name what a loop of
 * one's own needs: a warm-up, a clock's marks, or timed samples gathered into a {@link Summary}.
 */
class OneSampleLoopTest {
    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.xfer.app");

    /** The CUDA objects a timed sample is issued on and read from. */
    private static final Set<String> CUDA_WORK = Set.of("dev.xfer.cuda.CudaEvent", "dev.xfer.cuda.CudaStream");

    @Test
    void onlyTheSampleLoopRunsAWarmUp() {
        noClasses().that().doNotHaveFullyQualifiedName(SampleLoop.class.getName())
                .should().callMethod(Warmup.class, "run", Runnable.class)
                .because("a benchmark times its samples with measure.SampleLoop (warm-up, set-up, marks, safe points)")
                .check(APP);
    }

    /**
     * A clock's marks are set by the loop (and by a clock's own {@code time}, in measure/): an
     * engine hands the loop its clock and its work, and never brackets a sample itself.
     */
    @Test
    void onlyTheMeasurePackageMarksAClock() {
        noClasses().that().resideOutsideOfPackage("dev.xfer.app.measure")
                .should().callMethodWhere(describe("a SampleClock's start() or stop()", (JavaMethodCall call) ->
                        call.getTargetOwner().isAssignableTo(SampleClock.class)
                                && Set.of("start", "stop").contains(call.getName())
                                && call.getTarget().getParameterTypes().isEmpty()))
                .because("a sample's marks are SampleLoop's: clock.start(), the work, clock.stop(), the reading")
                .check(APP);
    }

    /**
     * A class (with its nested classes) that issues CUDA work on streams or events and gathers
     * samples into a {@link Summary} (or a {@link Summarized}) takes those samples from {@link SampleLoop}. The concurrent
     * rounds, the many-GPU patterns and the latency chases each kept such a loop of their own
     * (a barrier's warm-up, a gate's retried iterations, a chase counter), and this rule failed on them.
     * Taking them through a class that calls the loop (bandwidth's {@code SampleRuns}) counts.
     */
    @Test
    void whatSummarizesSamplesOfCudaWorkTakesThemFromTheSampleLoop() {
        Set<String> loopCallers = new java.util.HashSet<>(); // top-level classes that call SampleLoop themselves
        for (JavaClass c : APP) {
            if (calls(c, call -> call.getTargetOwner().isEquivalentTo(SampleLoop.class))) {
                loopCallers.add(topLevel(c).getName());
            }
        }
        Map<String, Boolean[]> seen = new TreeMap<>(); // top-level class -> {summarizes, uses CUDA, uses SampleLoop}
        for (JavaClass c : APP) {
            if (c.getPackageName().equals(SampleLoop.class.getPackageName())) {
                continue;
            }
            Boolean[] facts = seen.computeIfAbsent(topLevel(c).getName(), k -> new Boolean[] {false, false, false});
            facts[0] |= calls(c, call -> (call.getTargetOwner().isEquivalentTo(Summary.class)
                    || call.getTargetOwner().isEquivalentTo(Summarized.class))
                    && Set.of("of", "ofRates").contains(call.getName()));
            facts[1] |= c.getDirectDependenciesFromSelf().stream()
                    .anyMatch(d -> CUDA_WORK.contains(d.getTargetClass().getName()));
            facts[2] |= calls(c, call -> call.getTargetOwner().isEquivalentTo(SampleLoop.class)
                    || loopCallers.contains(topLevel(call.getTargetOwner()).getName()));
        }
        List<String> ownLoops = seen.entrySet().stream()
                .filter(e -> e.getValue()[0] && e.getValue()[1] && !e.getValue()[2])
                .map(Map.Entry::getKey).toList();
        assertEquals(List.of(), ownLoops, "these summarize samples of CUDA work without measure.SampleLoop:"
                + " time them through it (SampleLoop.samples for a sample that reads itself)");
    }

    private static boolean calls(JavaClass c, Predicate<JavaMethodCall> which) {
        return c.getMethodCallsFromSelf().stream().anyMatch(which);
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }
}
