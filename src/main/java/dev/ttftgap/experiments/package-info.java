/**
 * The sequential experiments of the two articles this project started from (one on TTFB vs TTFT
 * through an OpenAI-compatible gateway, one comparing Qwen3-8B and Qwen3-14B TTFT; "the source
 * articles" elsewhere), as tables: baseline per model, prompt length, model comparison. Pure
 * functions of finished {@link dev.ttftgap.record.RequestRecord} lists, rendered as aligned text
 * and as markdown through {@link dev.ttftgap.experiments.ExperimentTable} with the report's {@link
 * dev.ttftgap.report.TextTable} and {@link dev.ttftgap.report.Fmt}. No Gatling, no Netty, no I/O.
 */
package dev.ttftgap.experiments;
