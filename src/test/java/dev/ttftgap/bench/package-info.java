/**
 * The load-generator benchmark: {@link dev.ttftgap.bench.StreamingBenchmark} drives thousands of
 * streams from a forked, sampled Gatling JVM against the in-process engine and prints capacity,
 * cost and clock accuracy against the engine's ground truth (see {@code docs/performance.md}).
 */
package dev.ttftgap.bench;
