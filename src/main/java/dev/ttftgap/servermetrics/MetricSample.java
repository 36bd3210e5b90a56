package dev.ttftgap.servermetrics;

import java.util.Map;
import java.util.TreeMap;

/**
 * One sample line of the Prometheus text format: {@code name{label="v",...} value}.
 *
 * @param name the sample's name, suffix included ({@code vllm:time_to_first_token_seconds_bucket})
 * @param labels its labels, sorted by name
 * @param value its value ({@code NaN} and infinities allowed)
 */
public record MetricSample(String name, Map<String, String> labels, double value) {
  public MetricSample {
    labels = java.util.Collections.unmodifiableMap(new TreeMap<>(labels));
  }

  /** The label's value, or null. */
  public String label(String key) {
    return labels.get(key);
  }
}
