package dev.xfer.app.check;

/**
 * Where a scenario's wall time went, in seconds summed over its trials, so a slow check can be
 * explained by measurement instead of guessed.
 *
 * @param prepare    poisoning host or device memory and restoring the source values between trials
 * @param copy       issuing the copies and waiting for the ones no host work overlaps
 * @param hostAccess the host's read (D2H) or overwrite (H2D): the racing access, or the checked one
 * @param verify     checking a device buffer on the device (H2D) and fetching the count
 */
public record CheckTimes(double prepare, double copy, double hostAccess, double verify) {
    public static final CheckTimes NONE = new CheckTimes(0, 0, 0, 0);

    public double total() {
        return prepare + copy + hostAccess + verify;
    }

    public CheckTimes plus(CheckTimes other) {
        return new CheckTimes(prepare + other.prepare, copy + other.copy, hostAccess + other.hostAccess,
                verify + other.verify);
    }
}
