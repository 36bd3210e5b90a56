package dev.ttftgap.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.FailureReason;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import org.junit.jupiter.api.Test;

class FailureLabelTest {
  @Test
  void statusFailuresAreNamedByStatusAndMeaning() {
    assertThat(FailureLabel.ofStatus(400, "maximum context length is 32768 tokens"))
        .as("vLLM's context-length message")
        .isEqualTo("HTTP 400 (context length)");
    assertThat(FailureLabel.ofStatus(400, "'temperature' must be a number"))
        .as("another 400")
        .isEqualTo("HTTP 400 (bad request)");
    assertThat(FailureLabel.ofStatus(401, null)).as("401").isEqualTo("HTTP 401 (unauthorized)");
    assertThat(FailureLabel.ofStatus(503, null)).as("5xx").isEqualTo("HTTP 503 (server error)");
    assertThat(FailureLabel.ofStatus(418, null)).as("no meaning known").isEqualTo("HTTP 418");
  }

  @Test
  void otherFailuresAreNamedByTheirReasonCode() {
    RequestRecord timeout =
        TestRecords.builder()
            .result(res -> res.outcome(Outcome.KO).reason(FailureReason.FIRST_TOKEN_TIMEOUT))
            .build();
    assertThat(FailureLabel.of(timeout)).as("reason code").isEqualTo("first_token_timeout");
    assertThat(FailureLabel.of(TestRecords.builder().build())).as("ok").isEqualTo("ok");
  }
}
