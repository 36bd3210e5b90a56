package dev.ttftgap.profile;

/**
 * Load before the first step, kept out of the statistics: opens connections and warms caches and
 * JIT on both sides.
 *
 * @param level requests/s (open model) or users (closed model)
 * @param durationSeconds how long, seconds
 */
public record Warmup(double level, int durationSeconds) {}
