package dev.ttftgap.breaker;

/**
 * Why the circuit breaker stopped a run.
 *
 * @param step the step whose request tripped it (0 = warm-up)
 * @param stepLabel that step's label, e.g. {@code step 3 · 6 rps}; null when unknown
 * @param sentence the whole verdict, e.g. {@code stopped at step 3 · 6 rps: 20 of the last 20
 *     requests failed with HTTP 400 (context length)}
 */
public record BreakerTrip(int step, String stepLabel, String sentence) {}
