package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatusDiagnosesTest {
  private static final String URL = "http://h/v1/chat/completions";

  private static StatusDiagnoses diagnoses(Optional<String> key, String model) {
    PreflightTarget target =
        new PreflightTarget(URL, "http://h/v1/models", key, model, Duration.ofSeconds(1));
    return new StatusDiagnoses(target, new ServerMessages(key));
  }

  @Test
  void forbiddenWithAKeyNamesTheModelTheKeyMayNotUse() {
    Diagnosis diagnosis =
        diagnoses(Optional.of("sk-team-0123456789wxyz"), "big")
            .unauthorized(403, URL, "{\"error\":{\"message\":\"not allowed\"}}");

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.API_KEY_REJECTED);
    assertThat(diagnosis.line())
        .isEqualTo(
            "403 from http://h/v1/chat/completions (server: \"not allowed\"): the server rejected"
                + " the API key sk-…wxyz; check it is not revoked or expired and that it belongs to"
                + " this endpoint and may use model big");
  }

  @Test
  void servedListIsCappedAtFifteen() {
    List<String> served = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      served.add("model-" + (char) ('a' + i));
    }

    Diagnosis diagnosis = diagnoses(Optional.empty(), "other").modelNotFound(URL, "", served);

    assertThat(diagnosis.line()).contains("model-o (+5 more)").doesNotContain("model-p");
  }

  @Test
  void modelMissingFromTheServedListIsAModelProblemWhateverTheBody() {
    StatusDiagnoses diagnoses = diagnoses(Optional.empty(), "x");

    assertThat(diagnoses.modelNotFound("{\"detail\":\"Not Found\"}", List.of("y"))).isTrue();
    assertThat(diagnoses.modelNotFound("{\"detail\":\"Not Found\"}", List.of("x"))).isFalse();
    assertThat(diagnoses.modelNotFound("{\"detail\":\"Not Found\"}", List.of())).isFalse();
  }

  @Test
  void otherStatusesSayWhereToLook() {
    StatusDiagnoses diagnoses = diagnoses(Optional.empty(), "x");

    assertThat(diagnoses.other(503, URL, "").line()).endsWith("fix it before a load run");
    assertThat(diagnoses.other(400, URL, "").line()).contains("LLM_MODEL");
  }
}
