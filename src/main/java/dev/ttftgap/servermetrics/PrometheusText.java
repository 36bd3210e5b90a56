package dev.ttftgap.servermetrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser of the Prometheus text exposition format 0.0.4 (what vLLM, SGLang, TGI and llama.cpp
 * serve on {@code /metrics}): {@code # HELP} / {@code # TYPE} and other comments are skipped, every
 * sample line becomes a {@link MetricSample}. Label values may hold escaped {@code \\}, {@code \"}
 * and {@code \n}, and commas or braces inside quotes; an optional timestamp after the value is
 * ignored; {@code NaN}, {@code +Inf} and {@code -Inf} are values.
 *
 * <p>Why not a library: the Prometheus Java client on Maven Central ({@code
 * io.prometheus:prometheus-metrics-exposition-textformats}) writes this format but has no parser,
 * and a second metrics stack (Micrometer) would not add one either; the format is line-based and a
 * page of code reads it.
 *
 * <p>Usage: {@code PrometheusText.parse("vllm:num_requests_waiting{model_name=\"m\"} 3\n")} gives
 * one sample named {@code vllm:num_requests_waiting} with label {@code model_name=m} and value 3.
 */
public final class PrometheusText {
  private PrometheusText() {}

  /**
   * Every sample of {@code text}, in order.
   *
   * @throws IllegalArgumentException naming the line number when a line is not a sample
   */
  public static List<MetricSample> parse(String text) {
    List<MetricSample> samples = new ArrayList<>();
    int lineNumber = 0;
    for (String raw : text.split("\n", -1)) {
      lineNumber++;
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      try {
        samples.add(sample(line));
      } catch (RuntimeException e) {
        // a lone CR inside a line would break the one-line message: control characters show as ?
        throw new IllegalArgumentException(
            ("line " + lineNumber + " is not a Prometheus sample (" + e.getMessage() + "): " + line)
                .replaceAll("\\p{Cntrl}", "?"));
      }
    }
    return samples;
  }

  private static MetricSample sample(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) != '{' && !Character.isWhitespace(line.charAt(i))) {
      i++;
    }
    String name = line.substring(0, i);
    if (name.isEmpty()) {
      throw new IllegalArgumentException("no metric name");
    }
    Map<String, String> labels = new LinkedHashMap<>();
    if (i < line.length() && line.charAt(i) == '{') {
      i = labels(line, i + 1, labels);
    }
    String[] rest = line.substring(i).strip().split("\\s+");
    if (rest.length == 0 || rest[0].isEmpty()) {
      throw new IllegalArgumentException("no value");
    }
    return new MetricSample(name, labels, value(rest[0]));
  }

  /** Reads {@code key="value",...}} from {@code start}; returns the index after the brace. */
  private static int labels(String line, int start, Map<String, String> labels) {
    int i = start;
    while (true) {
      while (i < line.length() && (line.charAt(i) == ',' || line.charAt(i) == ' ')) {
        i++;
      }
      if (i >= line.length()) {
        throw new IllegalArgumentException("unclosed label set");
      }
      if (line.charAt(i) == '}') {
        return i + 1;
      }
      int eq = line.indexOf('=', i);
      if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
        throw new IllegalArgumentException("label without a quoted value");
      }
      String key = line.substring(i, eq).strip();
      StringBuilder value = new StringBuilder();
      int j = eq + 2;
      while (true) {
        if (j >= line.length()) {
          throw new IllegalArgumentException("unclosed label value");
        }
        char c = line.charAt(j);
        if (c == '\\' && j + 1 < line.length()) {
          char next = line.charAt(j + 1);
          value.append(next == 'n' ? '\n' : next);
          j += 2;
        } else if (c == '"') {
          break;
        } else {
          value.append(c);
          j++;
        }
      }
      labels.put(key, value.toString());
      i = j + 1;
    }
  }

  private static double value(String text) {
    return switch (text) {
      case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(text);
    };
  }
}
