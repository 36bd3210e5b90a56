package dev.ttftgap.experiments;

/**
 * The source articles' rules of thumb for the size of the TTFT − TTFB gap at low load: below 100 ms
 * fast (light model or short prompt), 100–300 ms normal for most small and mid-size models, 300–800
 * ms large model, long prompt or prefix-cache miss, above 1 s investigate (heavy model, huge prompt
 * or queueing). They leave 800 ms–1 s unnamed; it is called "slow" here.
 */
public final class GapVerdict {
  private GapVerdict() {}

  public static String of(double gapMillis) {
    if (gapMillis < 100) {
      return "fast (< 100 ms)";
    }
    if (gapMillis < 300) {
      return "normal (100–300 ms)";
    }
    if (gapMillis < 800) {
      return "large model, long prompt or cache miss (300–800 ms)";
    }
    if (gapMillis < 1000) {
      return "slow (800 ms–1 s)";
    }
    return "investigate (> 1 s): heavy model, huge prompt or queueing";
  }
}
