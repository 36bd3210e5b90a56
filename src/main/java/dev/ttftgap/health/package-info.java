/**
 * The load generator's own health: probes that measure, while a run runs, how late the client's
 * event loops run ({@link dev.ttftgap.health.EventLoopProbe}), how late users start ({@link
 * dev.ttftgap.health.LoadGeneratorMonitor#injectionDelay}), and the process's CPU and GC ({@link
 * dev.ttftgap.health.JvmSampler}); the file they write ({@link
 * dev.ttftgap.health.LoadGeneratorLog}, {@code load-generator.jsonl} beside {@code records.jsonl});
 * and the pure analysis that cuts it per step and says which steps the client can vouch for ({@link
 * dev.ttftgap.health.LoadGeneratorAnalysis}). No Gatling, no Netty: the glue hands the probe its
 * event loops as {@link java.util.concurrent.ScheduledExecutorService}s.
 */
package dev.ttftgap.health;
