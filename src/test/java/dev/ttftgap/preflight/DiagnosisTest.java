package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DiagnosisTest {
  @Test
  void lineIsForcedOntoOneLine() {
    Diagnosis diagnosis = new Diagnosis(Diagnosis.Kind.HTTP_ERROR, "500 from x\r\nbody");

    assertThat(diagnosis.line()).isEqualTo("500 from x body");
    assertThat(diagnosis).hasToString("HTTP_ERROR: 500 from x body");
  }

  @Test
  void targetToStringMasksTheKey() {
    PreflightTarget target =
        new PreflightTarget(
            "http://h/v1/chat/completions",
            null,
            Optional.of("sk-secret-0123456789wxyz"),
            "m",
            Duration.ofSeconds(1));

    assertThat(target.toString()).contains("sk-…wxyz").doesNotContain("secret");
  }
}
