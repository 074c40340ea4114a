package dev.xfer.app.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * One slice per package under dev.xfer.app, subpackages included as slices of their own
 * ({@code bandwidth} and {@code bandwidth.pattern} are two), where {@code matching("dev.xfer.app.(*)..")}
 * would fold every subpackage into its parent's slice and hide a cycle between them.
 */
final class PackageSlices {
    private static final String APP = "dev.xfer.app.";

    static final SliceAssignment EACH_PACKAGE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            return name.startsWith(APP) ? SliceIdentifier.of(name.substring(APP.length())) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "each package under dev.xfer.app";
        }
    };

    private PackageSlices() {
    }
}
