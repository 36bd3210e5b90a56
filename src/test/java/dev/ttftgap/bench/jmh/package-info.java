/**
 * JMH micro-benchmarks of the client's hot paths (chunk classification, the SSE checks' per-event
 * decisions, record assembly and writing, histogram recording), run by {@link
 * dev.ttftgap.bench.jmh.JmhMain}. Classes end in {@code Benchmark} so surefire never runs them.
 */
package dev.ttftgap.bench.jmh;
