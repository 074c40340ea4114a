package dev.xfer.app.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.xfer.app.measure.SampleLoop;
import dev.xfer.app.measure.Warmup;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The engines time their samples through one loop, {@link SampleLoop}: a benchmark that runs a
 * {@link Warmup} itself has grown a loop of its own again, with its own order of set-up, marks
 * and safe points (issue 22).
 */
class OneSampleLoopTest {
    private static final JavaClasses APP = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.xfer.app");

    @Test
    void onlyTheSampleLoopRunsAWarmUp() {
        noClasses().that().doNotHaveFullyQualifiedName(SampleLoop.class.getName())
                .should().callMethod(Warmup.class, "run", Runnable.class)
                .because("a benchmark times its samples with measure.SampleLoop (warm-up, set-up, marks, safe points)")
                .check(APP);
    }
}
