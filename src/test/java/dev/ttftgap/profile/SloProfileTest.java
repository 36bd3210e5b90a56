package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.analysis.Slo;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The profile's {@code slo} section with the per-kind first-token limits ({@link SloProfile}). */
class SloProfileTest {
  private static LoadProfile withSlo(String slo) {
    return LoadProfiles.parse(
        """
        {
          "name": "kinds",
          "request": { "prompt": "Hello", "maxTokens": 64 },
          "load": { "model": "open", "steps": [2, 4], "stepDurationSeconds": 20 },
          "slo": %s
        }
        """
            .formatted(slo),
        "inline.json");
  }

  @Test
  void readsTheLimitOnEachFirstTokenKind() {
    Slo slo =
        withSlo("{\"ttfvtP95Millis\": 2000, \"ttfrP95Millis\": 800, \"ttftcP95Millis\": 1500}")
            .slo()
            .orElseThrow();

    assertThat(slo.ttfvtP95Millis()).contains(2000.0);
    assertThat(slo.ttfrP95Millis()).contains(800.0);
    assertThat(slo.ttftcP95Millis()).contains(1500.0);
    assertThat(slo.ttftP95Millis()).isEmpty();
    assertThat(slo.hasKindLimit()).isTrue();
  }

  @Test
  void aKindLimitAloneIsAnSlo() {
    Slo slo = withSlo("{\"ttftcP95Millis\": 1500}").slo().orElseThrow();

    assertThat(slo.hasLimit()).isTrue();
    assertThat(slo)
        .isEqualTo(
            Slo.limits(Optional.empty(), Optional.empty(), Optional.empty())
                .withKindLimits(Optional.empty(), Optional.empty(), Optional.of(1500.0)));
  }

  @Test
  void withoutKindLimitsTheSloIsAsBefore() {
    Slo slo = withSlo("{\"ttftP95Millis\": 3000}").slo().orElseThrow();

    assertThat(slo)
        .isEqualTo(
            new Slo(Optional.of(3000.0), Optional.empty(), Optional.empty(), Optional.empty()));
    assertThat(slo.hasKindLimit()).isFalse();
  }

  @Test
  void aKindLimitThatIsNotADurationIsNamed() {
    assertThatThrownBy(() -> withSlo("{\"ttfvtP95Millis\": \"2s\"}"))
        .hasMessageContaining("slo.ttfvtP95Millis: \"2s\" is not a duration in ms");
    assertThatThrownBy(() -> withSlo("{}"))
        .hasMessageContaining("ttfvtP95Millis, ttfrP95Millis, ttftcP95Millis");
  }
}
