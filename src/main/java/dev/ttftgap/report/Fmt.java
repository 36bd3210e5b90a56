package dev.ttftgap.report;

import java.util.Locale;

/**
 * Number formatting shared by every text output (the capacity report, the experiment tables, the
 * search's phase labels); {@value #UNDEFINED} for an undefined value (null or NaN), never 0.
 */
public final class Fmt {
  public static final String UNDEFINED = "—";

  private Fmt() {}

  /** Milliseconds: 1 decimal under 10 ms, whole ms up to 10 s, seconds with 1 decimal above. */
  public static String ms(Double millis) {
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
  public static String msBare(Double millis) {
    String text = ms(millis);
    return text.endsWith(" ms") ? text.substring(0, text.length() - 3) : text;
  }

  public static String rate(Double perSecond) {
    return perSecond == null || perSecond.isNaN() ? UNDEFINED : num(perSecond) + " rps";
  }

  /**
   * A rate with its interval, the way the verdicts print a headline number: "7.46 rps (6–7.85)";
   * the rate alone when the interval is unknown or a single point.
   */
  public static String rateWithin(Double perSecond, Double low, Double high) {
    if (perSecond == null || low == null || high == null || high - low < 1e-9) {
      return rate(perSecond);
    }
    return rate(perSecond) + " (" + num(low) + "–" + num(high) + ")";
  }

  /** About three significant digits: "812", "12.3", "7.85", "0.5"; 12.0 reads as 12. */
  public static String num(Double value) {
    if (value == null || value.isNaN()) {
      return UNDEFINED;
    }
    double abs = Math.abs(value);
    return decimals(value, abs >= 100 ? 0 : abs >= 10 ? 1 : 2);
  }

  /** At most {@code max} decimals, trailing zeros dropped: 7.50 → "7.5", 12.345 (2) → "12.35". */
  public static String decimals(double value, int max) {
    String text = String.format(Locale.ROOT, "%." + max + "f", value);
    // 12.0 reads as 12, 2.50 as 2.5
    if (text.contains(".")) {
      text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
    return text;
  }

  /** Percent: one decimal under 10 %, whole percent above ("0.4 %", "7.3 %", "92 %"). */
  public static String pct(Double percent) {
    if (percent == null || percent.isNaN()) {
      return UNDEFINED;
    }
    String text = String.format(Locale.ROOT, Math.abs(percent) < 10 ? "%.1f" : "%.0f", percent);
    return text.replaceAll("\\.0$", "") + " %";
  }

  public static String signedPct(double fraction) {
    return String.format(Locale.ROOT, "%+.0f %%", 100 * fraction);
  }

  /** Whole milliseconds with the unit, as the experiment tables print them: "305 ms". */
  public static String wholeMs(Double millis) {
    return millis == null ? UNDEFINED : Math.round(millis) + " ms";
  }

  /** A signed difference in whole milliseconds with a true minus: "+98 ms", "−3 ms". */
  public static String signedWholeMs(double millis) {
    long rounded = Math.round(millis);
    return (rounded >= 0 ? "+" : "−") + Math.abs(rounded) + " ms";
  }

  /** {@code a − b} as {@link #signedWholeMs(double)}; undefined when either is. */
  public static String signedWholeMs(Double a, Double b) {
    return a != null && b != null ? signedWholeMs(a - b) : UNDEFINED;
  }

  /** A whole count: "2007". */
  public static String count(Double value) {
    return value == null ? UNDEFINED : String.valueOf(Math.round(value));
  }

  /** A relative change in whole percent with a true minus and no space: "+1%", "−12%". */
  public static String signedPercent(double fraction) {
    long rounded = Math.round(fraction * 100);
    return String.format(Locale.ROOT, "%s%d%%", rounded >= 0 ? "+" : "−", Math.abs(rounded));
  }
}
