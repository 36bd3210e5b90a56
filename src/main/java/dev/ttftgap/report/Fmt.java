package dev.ttftgap.report;

import java.util.Locale;

/** Number formatting shared by the text renderers; "—" for an undefined value. */
final class Fmt {
  static final String UNDEFINED = "—";

  private Fmt() {}

  /** Milliseconds: 1 decimal under 10 ms, whole ms up to 10 s, seconds with 1 decimal above. */
  static String ms(Double millis) {
    if (millis == null || millis.isNaN()) {
      return UNDEFINED;
    }
    if (Double.isInfinite(millis)) {
      return "∞";
    }
    if (Math.abs(millis) < 10) {
      return String.format(Locale.ROOT, "%.1f ms", millis);
    }
    if (Math.abs(millis) < 10_000) {
      return String.format(Locale.ROOT, "%.0f ms", millis);
    }
    return String.format(Locale.ROOT, "%.1f s", millis / 1000);
  }

  /** A bare number of milliseconds for tables: "812", "4.5", "12.3 s" style without the unit. */
  static String msBare(Double millis) {
    String text = ms(millis);
    return text.endsWith(" ms") ? text.substring(0, text.length() - 3) : text;
  }

  static String rate(Double perSecond) {
    return perSecond == null || perSecond.isNaN() ? UNDEFINED : num(perSecond) + " rps";
  }

  /**
   * A rate with its interval, the way the verdicts print a headline number: "7.46 rps (6–7.85)";
   * the rate alone when the interval is unknown or a single point.
   */
  static String rateWithin(Double perSecond, Double low, Double high) {
    if (perSecond == null || low == null || high == null || high - low < 1e-9) {
      return rate(perSecond);
    }
    return rate(perSecond) + " (" + num(low) + "–" + num(high) + ")";
  }

  static String num(Double value) {
    if (value == null || value.isNaN()) {
      return UNDEFINED;
    }
    double abs = Math.abs(value);
    String pattern = abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f";
    String text = String.format(Locale.ROOT, pattern, value);
    // 12.0 reads as 12, 2.50 as 2.5
    if (text.contains(".")) {
      text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return text;
  }

  /** Percent: one decimal under 10 %, whole percent above ("0.4 %", "7.3 %", "92 %"). */
  static String pct(Double percent) {
    if (percent == null || percent.isNaN()) {
      return UNDEFINED;
    }
    String text = String.format(Locale.ROOT, Math.abs(percent) < 10 ? "%.1f" : "%.0f", percent);
    return text.replaceAll("\\.0$", "") + " %";
  }

  static String signedPct(double fraction) {
    return String.format(Locale.ROOT, "%+.0f %%", 100 * fraction);
  }
}
