package dev.ttftgap.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The median of a few values (the mean of the middle two for an even count). */
final class Median {
  private Median() {}

  /** The median of {@code values}; null when there are none. Example: 7.81, 7.99, 7.87 → 7.87. */
  static Double of(List<Double> values) {
    if (values.isEmpty()) {
      return null;
    }
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
