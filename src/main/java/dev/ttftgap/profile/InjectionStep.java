package dev.ttftgap.profile;

/**
 * One injection step, mapped 1:1 by the Gatling glue to the DSL (this package imports no Gatling):
 *
 * <table>
 *   <caption>Mapping</caption>
 *   <tr><th>kind</th><th>Gatling Java DSL</th></tr>
 *   <tr><td>{@code CONSTANT_RATE}</td><td>{@code constantUsersPerSec(from).during(d)}</td></tr>
 *   <tr><td>{@code CONSTANT_RATE_RANDOMIZED}</td>
 *       <td>{@code constantUsersPerSec(from).during(d).randomized()}</td></tr>
 *   <tr><td>{@code RAMP_RATE}</td><td>{@code rampUsersPerSec(from).to(to).during(d)}</td></tr>
 *   <tr><td>{@code RAMP_RATE_RANDOMIZED}</td>
 *       <td>{@code rampUsersPerSec(from).to(to).during(d).randomized()}</td></tr>
 *   <tr><td>{@code CONSTANT_CONCURRENCY}</td>
 *       <td>{@code constantConcurrentUsers((int) from).during(d)}</td></tr>
 *   <tr><td>{@code RAMP_CONCURRENCY}</td>
 *       <td>{@code rampConcurrentUsers((int) from).to((int) to).during(d)}</td></tr>
 * </table>
 *
 * <p>Rate kinds go to {@code injectOpen}, concurrency kinds to {@code injectClosed}; one profile
 * yields only one family. Concurrency levels are whole numbers.
 *
 * @param kind which DSL step
 * @param from level at the start: requests/s or users
 * @param to level at the end; equals {@code from} for constant kinds
 * @param durationSeconds how long, seconds ({@code d} above)
 */
public record InjectionStep(Kind kind, double from, double to, int durationSeconds) {

  /** Which Gatling injection step. */
  public enum Kind {
    CONSTANT_RATE,
    CONSTANT_RATE_RANDOMIZED,
    RAMP_RATE,
    RAMP_RATE_RANDOMIZED,
    CONSTANT_CONCURRENCY,
    RAMP_CONCURRENCY
  }

  /** True for the closed-model kinds ({@code injectClosed}). */
  public boolean closed() {
    return kind == Kind.CONSTANT_CONCURRENCY || kind == Kind.RAMP_CONCURRENCY;
  }
}
