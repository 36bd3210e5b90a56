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

  /** The diagnosis when {@code tried} got 404 but {@code worked} answered {@code status}. */
  private static Diagnosis pathFixed(String tried, String worked, int status) {
    return diagnoses(Optional.empty(), "x").pathFixed(tried, worked, status);
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
  void v1NotPartOfAVersionlessServerPathSuggestsAsIs() {
    Diagnosis diagnosis =
        pathFixed(
            "https://api.example/v1/chat/completions", "https://api.example/chat/completions", 200);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.BASE_URL_PATH);
    assertThat(diagnosis.line())
        .as("LLM_BASE_URL=https://api.example alone would get /v1 appended again")
        .contains("/v1 is not part of this server's path")
        .contains("set LLM_BASE_URL=https://api.example LLM_BASE_URL_AS_IS=true");
  }

  @Test
  void v1NotPartOfAPathWithAnotherVersionNeedsNoAsIs() {
    Diagnosis diagnosis =
        pathFixed(
            "https://gw.example/v1beta/openai/v1/chat/completions",
            "https://gw.example/v1beta/openai/chat/completions",
            200);

    assertThat(diagnosis.line())
        .as("a base with a version segment is kept as given")
        .endsWith("set LLM_BASE_URL=https://gw.example/v1beta/openai")
        .doesNotContain("AS_IS");
  }

  @Test
  void missingOrDoubledV1NeedsNoAsIs() {
    assertThat(pathFixed("http://h/chat/completions", "http://h/v1/chat/completions", 200).line())
        .endsWith("/v1 is missing in the base URL; set LLM_BASE_URL=http://h/v1");
    assertThat(
            pathFixed("http://h/v1/v1/chat/completions", "http://h/v1/chat/completions", 400)
                .line())
        .endsWith("/v1 is doubled in the base URL; set LLM_BASE_URL=http://h/v1");
  }

  @Test
  void pathWrongOnBothPathsMentionsAsIsForVersionlessUrls() {
    assertThat(
            diagnoses(Optional.empty(), "x")
                .pathWrong(URL, "", Optional.of("http://h/chat/completions"))
                .line())
        .contains("404 on " + URL + " and on http://h/chat/completions")
        .contains("LLM_BASE_URL_AS_IS=true");
  }

  @Test
  void otherStatusesSayWhereToLook() {
    StatusDiagnoses diagnoses = diagnoses(Optional.empty(), "x");

    assertThat(diagnoses.other(503, URL, "").line()).endsWith("fix it before a load run");
    assertThat(diagnoses.other(400, URL, "").line()).contains("LLM_MODEL");
  }
}
