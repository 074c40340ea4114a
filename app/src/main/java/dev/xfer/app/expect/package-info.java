/**
 * {@code --expect}: bounds on measured results that decide a run's exit code, for CI smoke runs
 * on real hardware.
 *
 * <p>A command builds an {@link dev.xfer.app.expect.ExpectationSet} from its {@code --expect}
 * texts, {@linkplain dev.xfer.app.expect.ExpectationSet#validate validates} it against the
 * {@linkplain dev.xfer.app.expect.MetricDeclaration results its plan will produce} before
 * measuring anything, and once the {@linkplain dev.xfer.app.expect.Metric results} are in,
 * {@linkplain dev.xfer.app.expect.ValidatedExpectations#evaluate evaluates} them: one
 * {@linkplain dev.xfer.app.expect.ExpectationOutcome outcome}, PASS or FAIL, per expectation and
 * selected result. Any problem before measuring is an
 * {@link dev.xfer.app.expect.ExpectationException} (exit code 2); any FAIL, exit code 1.
 * Nothing here calls CUDA or knows about the command line library.
 *
 * <h2>Grammar</h2>
 *
 * <pre>
 * expectation = ws, name, ws, op, ws, value, spaces, [ unit ], ws ;
 * name        = segment, { ".", segment } ;
 * segment     = size | word ;
 * word        = ( lower | digit ), { lower | digit | "-" } ;
 * size        = digits, [ ".", digits ], [ ( "K" | "M" | "G" | "T" ), [ "i" ] ], "B" ;
 * op          = "&gt;=" | "&gt;" | "&lt;=" | "&lt;" | "==" | "!=" ;
 * value       = [ "+" | "-" ], digits, [ ".", digits ], [ ( "e" | "E" ), [ "+" | "-" ], digits ] ;
 * unit        = "GB/s" | "MB/s" | "%link" | "x" | "ms" | "us" ;
 * digits      = digit, { digit } ;
 * lower       = "a" | ... | "z" ;
 * ws, spaces  = any white space, possibly none ;
 * </pre>
 *
 * <ul>
 *   <li><b>Operator.</b> The run of characters from {@code <>=!} after the name is the operator
 *       and must be one of the six; {@code =>} is not read as {@code =} then {@code >}.</li>
 *   <li><b>Sizes.</b> A size segment is read whole wherever one can be, so
 *       {@code pinned.h2d.1.5MiB} has the segments {@code pinned}, {@code h2d}, {@code 1.5MiB}.
 *       It must be a whole number of bytes, at least one, and is rewritten as
 *       {@link dev.xfer.app.units.ByteSize#format()} writes it: {@code 16384KiB} names the same
 *       results as {@code 16MiB}. Units are case-sensitive here ({@code 16mib} is a word, and
 *       matches nothing xfer produces).</li>
 *   <li><b>Selection.</b> The name selects every result whose segments begin with all of its
 *       segments: {@code pinned.d2h} selects {@code pinned.d2h.4KiB} and
 *       {@code pinned.d2h.16MiB}; {@code pinned.d2} selects neither. Every selected result must
 *       pass, and each gets its own outcome line. An expectation that selects no result the run
 *       will produce is an error.</li>
 *   <li><b>Units.</b> The measured value is converted into the unit written, then compared:
 *       {@code GB/s} as is; {@code MB/s} times 1000; {@code %link} is
 *       {@code 100 * value / link}; {@code x} and {@code ms} as is; {@code us} times 1000
 *       ({@code µs} is also accepted). Without a unit the bound is in the result's own unit.
 *       {@code GB/s}, {@code MB/s} and {@code %link} fit only results in GB/s, and {@code %link}
 *       only those with a known link rate; {@code x} fits only ratios; {@code ms} and {@code us}
 *       only times. Counts and plain numbers take no unit. A bound without a unit may not select
 *       results of different {@linkplain dev.xfer.app.expect.MetricUnit units}.</li>
 *   <li><b>Comparison.</b> Doubles are compared as IEEE 754 values, so {@code ==} and
 *       {@code !=} are exact: they are meant for counts, whose values are whole numbers. A NaN
 *       measurement, or a result declared but not measured, fails every operator.</li>
 *   <li><b>Canonical form.</b> {@link dev.xfer.app.expect.Expectation#toString()} writes
 *       {@code NAME OP VALUE[UNIT]} with one space either side of the operator, sizes in
 *       canonical form, the shortest value that reads back exactly and the unit's first spelling
 *       above; parsing it gives an equal expectation.</li>
 * </ul>
 *
 * <h2>Result names</h2>
 *
 * <p>Bandwidth: {@code MEMORY.DIRECTION.SIZE} in GB/s, such as {@code pinned.h2d.16MiB}. Overlap:
 * {@code overlap.SCHEDULE.ms}, {@code .speedup}, {@code .efficiency} and {@code .error}. Check:
 * {@code check.SCENARIO.wrong} and {@code check.synchronized.wrong}.
 * {@link dev.xfer.app.expect.ExpectationGrammar} has the full lists for {@code --help}.
 */
package dev.xfer.app.expect;
