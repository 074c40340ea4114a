/**
 * Which records each measuring command's documents bind into, and a measuring document bound into
 * them ({@link dev.xfer.app.documents.MeasuredDocument}): the one way fleet, compare and plot read a
 * measuring document. Above the commands' packages (it names their records) and below the gates.
 */
package dev.xfer.app.documents;
