package dev.ttftgap.servermetrics;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import dev.ttftgap.fuzz.FuzzTargetTest;
import java.nio.file.Path;
import java.util.List;

/**
 * {@link PrometheusText#parse} fuzzed from vLLM, SGLang, TGI and llama.cpp pages ({@link FuzzRun}):
 * any text gives samples or an {@link IllegalArgumentException} of one line naming the line.
 */
class PrometheusTextFuzzTest extends FuzzTargetTest {
  @Override
  protected FuzzTarget target(Path dir) {
    return new FuzzTarget(
        "prometheus",
        FuzzRun.cases("seeds/prometheus").map(FuzzRun::read).toList(),
        List.of(IllegalArgumentException.class),
        input -> PrometheusText.parse(FuzzTarget.text(input)));
  }
}
