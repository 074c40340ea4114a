package dev.xfer.app.expect;

/**
 * The {@code --expect} grammar and the result names, as text for {@code --help} and the README.
 * The package documentation states the same grammar formally.
 */
public final class ExpectationGrammar {

    private static final String GRAMMAR = """
            --expect NAME OP VALUE[UNIT]   (repeatable)

              NAME   A result name, such as pinned.h2d.16MiB, or a prefix of whole
                     dot-separated segments that selects every result starting with
                     it: pinned.d2h selects pinned.d2h.4KiB, pinned.d2h.16MiB, ...
                     and each of them must pass (pinned.d2 selects nothing). Sizes
                     are written as xfer prints them, e.g. 16MiB, 1.5MiB, 4097B.
              OP     >=  >  <=  <  ==  !=   (spaces around OP are optional)
              VALUE  A decimal number, optionally signed, optionally with an
                     exponent: 45, 1.5, -2, 1e-6.
              UNIT   GB/s    bandwidth, 10^9 bytes per second
                     MB/s    bandwidth, 10^6 bytes per second
                     %link   bandwidth as a percentage of the theoretical
                             per-direction rate of the PCIe link it crossed
                     x       ratio (speedup, efficiency)
                     ms, us, ns  time
                     none    the result's own unit
                     A unit must fit every selected result: %link needs a known
                     link rate, and a value without a unit may not select results
                     of different kinds (overlap.v1 >= 1 is an error).

              Each selected result prints PASS or FAIL with its measured value in
              the unit written, and any FAIL exits with 1. A result that has no
              value (NaN, or not measured) fails. == and != compare exactly, as
              meant for counts. A malformed expectation, one that selects no result
              of the run, or one whose unit does not fit exits with 2 before
              anything is measured.

              Examples:
                --expect 'pinned.h2d.16MiB >= 45GB/s'
                --expect 'pinned.d2h >= 80%link'
                --expect 'overlap.v1.speedup >= 1.5'
                --expect 'check.synchronized.wrong == 0'
            """;

    private ExpectationGrammar() {
    }

    /** The grammar with its units, rules and examples; lines under 80 columns. */
    public static String grammarHelp() {
        return GRAMMAR;
    }
}
