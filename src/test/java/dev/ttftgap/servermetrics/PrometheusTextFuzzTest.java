package dev.ttftgap.servermetrics;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link PrometheusText#parse} fuzzed from vLLM, SGLang, TGI and llama.cpp pages ({@link FuzzRun}):
 * any text gives samples or an {@link IllegalArgumentException} of one line naming the line.
 */
class PrometheusTextFuzzTest {
  static final FuzzTarget TARGET =
      new FuzzTarget(
          "prometheus",
          FuzzRun.cases("seeds/prometheus").map(FuzzRun::read).toList(),
          List.of(IllegalArgumentException.class),
          input -> PrometheusText.parse(FuzzTarget.text(input)));

  @Test
  void anyPageGivesSamplesOrAOneLineError() {
    FuzzRun.assertNothingEscapes(TARGET);
  }

  @TestFactory
  Stream<DynamicTest> foundCasesStayFixed() {
    return FuzzRun.corpus(TARGET);
  }
}
