package dev.ttftgap.experiments;

import java.util.Locale;
import java.util.Optional;

/** Cell formatting shared by the tables: whole milliseconds, signed differences, "–" for none. */
final class Cells {
  static final String NONE = "–";

  private Cells() {}

  static String millis(Optional<Double> value) {
    return value.map(v -> Math.round(v) + " ms").orElse(NONE);
  }

  static String signedMillis(double value) {
    long rounded = Math.round(value);
    return (rounded >= 0 ? "+" : "−") + Math.abs(rounded) + " ms";
  }

  static String signedMillis(Optional<Double> a, Optional<Double> b) {
    return a.isPresent() && b.isPresent() ? signedMillis(a.get() - b.get()) : NONE;
  }

  static String count(Optional<Double> value) {
    return value.map(v -> String.valueOf(Math.round(v))).orElse(NONE);
  }

  static String percent(double fraction) {
    long rounded = Math.round(fraction * 100);
    return String.format(Locale.ROOT, "%s%d%%", rounded >= 0 ? "+" : "−", Math.abs(rounded));
  }
}
