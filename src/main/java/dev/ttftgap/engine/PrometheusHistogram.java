package dev.ttftgap.engine;

import java.util.Locale;

/** A Prometheus histogram with fixed upper bounds, in seconds. */
final class PrometheusHistogram {
  private final double[] bounds;
  private final long[] counts;
  private long count;
  private double sumSeconds;

  PrometheusHistogram(double[] bounds) {
    this.bounds = bounds;
    this.counts = new long[bounds.length];
  }

  void observeMicros(long micros) {
    double seconds = micros / 1e6;
    count++;
    sumSeconds += seconds;
    for (int i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]) {
        counts[i]++;
        return;
      }
    }
  }

  long count() {
    return count;
  }

  PrometheusHistogram copy() {
    return new PrometheusHistogram(bounds).plus(this);
  }

  /** Adds {@code other}'s observations (same bounds) to this one; returns this. */
  PrometheusHistogram plus(PrometheusHistogram other) {
    for (int i = 0; i < counts.length; i++) {
      counts[i] += other.counts[i];
    }
    count += other.count;
    sumSeconds += other.sumSeconds;
    return this;
  }

  /** Renders the buckets, sum and count; {@code label} null for none. */
  void render(StringBuilder out, String name, String label) {
    String prefix = label == null ? "" : label + ",";
    String only = label == null ? "" : "{" + label + "}";
    long cumulative = 0;
    for (int i = 0; i < bounds.length; i++) {
      cumulative += counts[i];
      out.append(name)
          .append("_bucket{")
          .append(prefix)
          .append("le=\"")
          .append(String.format(Locale.ROOT, "%s", bounds[i]))
          .append("\"} ")
          .append(cumulative)
          .append('\n');
    }
    out.append(name)
        .append("_bucket{")
        .append(prefix)
        .append("le=\"+Inf\"} ")
        .append(count)
        .append('\n');
    out.append(name)
        .append("_sum")
        .append(only)
        .append(' ')
        .append(String.format(Locale.ROOT, "%.6f", sumSeconds))
        .append('\n');
    out.append(name).append("_count").append(only).append(' ').append(count).append('\n');
  }
}
