package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class HeaderTimingDetectorTest {

  @ParameterizedTest
  @EnumSource(
      value = HeaderTiming.class,
      names = {"AT_ACCEPT", "WITH_FIRST_TOKEN", "BUFFERED"})
  void recognisesHowTheServerTimedItsHeaders(HeaderTiming timing) {
    SyntheticRun run = SyntheticRun.flat();
    run.stepRates = List.of(2.0, 4.0);
    run.headerTiming = timing;

    HeaderTimingVerdict verdict = HeaderTimingDetector.detect(run.records());

    assertThat(verdict.timing()).as("records simulated with headers %s", timing).isEqualTo(timing);
  }

  @Test
  void withFirstTokenKeepsItsMediansForTheExplanation() {
    SyntheticRun run = SyntheticRun.flat();
    run.stepRates = List.of(2.0);
    run.headerTiming = HeaderTiming.WITH_FIRST_TOKEN;

    HeaderTimingVerdict verdict = HeaderTimingDetector.detect(run.records());

    assertThat(verdict.gapP50Millis()).as("headers and first token arrive together").isEqualTo(0.0);
    assertThat(verdict.ttfbP50Millis()).as("TTFB then carries the prefill").isGreaterThan(50);
  }

  @Test
  void noSuccessfulRequestIsUnknown() {
    SyntheticRun run = SyntheticRun.queueLimited();
    run.maxQueue = 0;
    run.servers = 1;
    run.stepRates = List.of(50.0);
    run.stepSeconds = 2;
    List<dev.ttftgap.record.RequestRecord> failures =
        run.records().stream().filter(r -> !r.ok()).toList();

    assertThat(failures).isNotEmpty();
    assertThat(HeaderTimingDetector.detect(failures).timing()).isEqualTo(HeaderTiming.UNKNOWN);
  }
}
