/**
 * Pictures of xfer results: SVG charts drawn from result documents (one class per chart kind),
 * gathered into one self-contained HTML report. Nothing here measures or touches CUDA; the
 * figures come from the documents the measuring commands write, so a report drawn later from a
 * saved file is the same as one drawn at the end of the run.
 */
package dev.xfer.app.plot;
