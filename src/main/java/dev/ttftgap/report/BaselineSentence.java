package dev.ttftgap.report;

import dev.ttftgap.analysis.PreviousRunComparison;
import java.util.List;
import java.util.stream.Collectors;

/** The comparison with a previous report: where TTFB or the gap regressed. */
final class BaselineSentence {
  private BaselineSentence() {}

  static String of(PreviousRunComparison comparison) {
    if (comparison.ttfbRegressionSteps().isEmpty() && comparison.gapRegressionSteps().isEmpty()) {
      return "Against " + comparison.source() + ": no TTFB or gap regression at any matched step.";
    }
    StringBuilder text = new StringBuilder("Against ").append(comparison.source()).append(": ");
    if (!comparison.ttfbRegressionSteps().isEmpty()) {
      text.append("TTFB regressed at step(s) ")
          .append(join(comparison.ttfbRegressionSteps()))
          .append(" (look at the network or gateway)");
    }
    if (!comparison.gapRegressionSteps().isEmpty()) {
      if (!comparison.ttfbRegressionSteps().isEmpty()) {
        text.append("; ");
      }
      text.append("the gap regressed at step(s) ")
          .append(join(comparison.gapRegressionSteps()))
          .append(" (look at the model side: model, prompt length, server load)");
    }
    return text.append('.').toString();
  }

  private static String join(List<Integer> steps) {
    return steps.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }
}
