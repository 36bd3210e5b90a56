package dev.ttftgap.analysis;

/**
 * How {@link SloEvaluator} found the highest load meeting the SLO. Whether the saturation cap then
 * lowered it is {@link SloVerdict#cappedBySaturation()}, said once in {@link #label(boolean)}.
 */
public enum SloMethod {
  /** Between a steady passing step and a steady failing one. */
  INTERPOLATED("interpolated"),
  /** The fitted queue's SLO rate, inside the bracket, when the next step was not steady. */
  MODEL("model"),
  /** No model: the last steady passing step. */
  LAST_STEADY_STEP("last_steady_step"),
  /** Every step passed: the last step's load, a lower bound. */
  LOWER_BOUND("lower_bound"),
  /** A search run held it. */
  HELD("held");

  private static final String CAPPED = "_capped";

  private final String label;

  SloMethod(String label) {
    this.label = label;
  }

  /**
   * The method a {@link #label(boolean)} names, {@code "_capped"} or not; null for null.
   *
   * @throws IllegalArgumentException when no method has that name
   */
  public static SloMethod ofLabel(String label) {
    if (label == null) {
      return null;
    }
    String name =
        label.endsWith(CAPPED) ? label.substring(0, label.length() - CAPPED.length()) : label;
    for (SloMethod method : values()) {
      if (method.label.equals(name)) {
        return method;
      }
    }
    throw new IllegalArgumentException("no SLO method named " + label);
  }

  /**
   * The name {@code capacity.json} prints, e.g. {@code "interpolated"}, or {@code
   * "interpolated_capped"} when the saturation cap lowered the answer.
   */
  public String label(boolean cappedBySaturation) {
    return cappedBySaturation ? label + CAPPED : label;
  }
}
