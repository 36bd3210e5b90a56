/**
 * Benchmark of the simulated engine at thousands of concurrent streams (a main, not a test): {@link
 * dev.ttftgap.engine.bench.EngineBenchmark} and the client it runs in a second JVM.
 */
package dev.ttftgap.engine.bench;
