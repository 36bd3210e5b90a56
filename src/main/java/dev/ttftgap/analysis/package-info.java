/**
 * Capacity analysis: turns per-request records into a finished, immutable {@link
 * dev.ttftgap.analysis.CapacityReport} (per-step statistics, knee, SLO-limited rate, saturation, a
 * fitted queueing model, replicas, header timing, baseline deltas). Pure computation: no I/O beyond
 * reading records files, no Gatling, no Netty, no rendering.
 */
package dev.ttftgap.analysis;
