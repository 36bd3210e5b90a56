/**
 * Renderers of a finished {@link dev.ttftgap.analysis.CapacityReport}: {@code capacity.json},
 * {@code capacity.md}, a self-contained {@code capacity.html} and a console summary; they only
 * format, never compute. {@link dev.ttftgap.report.CapacityReports} analyses and writes all three
 * files; {@link dev.ttftgap.report.CapacityMain} regenerates them from records files. {@link
 * dev.ttftgap.report.Fmt} and {@link dev.ttftgap.report.TextTable} are the project's one number
 * formatter and one table renderer, used by the experiment tables and the search too.
 */
package dev.ttftgap.report;
