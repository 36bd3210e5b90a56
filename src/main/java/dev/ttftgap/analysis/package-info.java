/**
 * Capacity analysis: turns per-request records into a finished, immutable {@link
 * dev.ttftgap.analysis.CapacityReport} (per-step statistics, knee, SLO-limited rate, saturation, a
 * fitted queueing model, replicas, header timing, baseline deltas). A closed run (steps of
 * concurrency, {@link dev.ttftgap.analysis.LoadModel#CLOSED}) gets the same verdicts in
 * concurrency: SLO-limited concurrency, the throughput plateau, Little's-law figures instead of the
 * fitted queue. Pure computation: no I/O beyond reading records files, no Gatling, no Netty, no
 * rendering.
 */
package dev.ttftgap.analysis;
