package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityOptionsTest {

  @Test
  void defaultsAreTheDocumentedSlo() {
    CapacityOptions options = CapacityOptions.defaults();

    assertThat(options.slo().ttftP95LimitMillis()).isEqualTo(2000);
    assertThat(options.slo().gapP95LimitMillis()).isEqualTo(1000);
    assertThat(options.slo().errorRateLimitPercent()).isEqualTo(1);
    assertThat(options.peakRate()).isEmpty();
    assertThat(options.baseline()).isEmpty();
  }

  @Test
  void withersKeepTheOtherOptions() {
    CapacityOptions options =
        CapacityOptions.defaults()
            .withPeakRate(50)
            .withBaseline(Path.of("old.json"))
            .withKnownSaturationRate(7.9);

    assertThat(options.peakRate()).contains(50.0);
    assertThat(options.baseline()).contains(Path.of("old.json"));
    assertThat(options.knownSaturationRate()).contains(7.9);
    assertThat(options.slo().ttftP95LimitMillis()).isEqualTo(2000);
  }

  @Test
  void nullOptionalsBecomeEmpty() {
    CapacityOptions options = new CapacityOptions(Slo.of(1000, 500, 1), null, null, null);

    assertThat(options.peakRate()).isEqualTo(Optional.empty());
    assertThat(options.knownSaturationRate()).isEqualTo(Optional.empty());
  }

  @Test
  void badValuesNameTheOption() {
    assertThatThrownBy(() -> new CapacityOptions(Slo.of(0, 500, 1), null, null, null))
        .hasMessageContaining("sloTtftP95Millis must be a positive number");
    assertThatThrownBy(() -> new CapacityOptions(Slo.of(1000, 500, 150), null, null, null))
        .hasMessageContaining("sloErrorRatePercent must be within 0..100");
    assertThatThrownBy(() -> CapacityOptions.defaults().withPeakRate(-1))
        .hasMessageContaining("peakRate must be a positive number");
  }

  @Test
  void noLimitIsAccepted() {
    CapacityOptions options =
        new CapacityOptions(Slo.of(Slo.NO_LIMIT, Slo.NO_LIMIT, 1), null, null, null);

    assertThat(options.slo().ttftP95LimitMillis()).as("NO_LIMIT on TTFT: no limit").isInfinite();
    assertThat(options.slo().gapP95LimitMillis()).as("NO_LIMIT on the gap: no limit").isInfinite();
  }

  @Test
  void onlyTheLimitsGivenAreApplied() {
    CapacityOptions options =
        CapacityOptions.defaults()
            .withPeakRate(40)
            .withSlo(Slo.limits(Optional.of(800.0), Optional.empty(), Optional.empty()));

    assertThat(options.slo().ttftP95LimitMillis()).as("the limit given").isEqualTo(800);
    assertThat(options.slo().gapP95LimitMillis()).as("not given: no limit").isInfinite();
    assertThat(options.slo().errorRateLimitPercent()).as("not given: no limit").isInfinite();
    assertThat(options.peakRate()).as("the rest kept").contains(40.0);
    assertThat(options.hasSlo()).isTrue();
  }

  @Test
  void aProfileWithoutSloHasNone() {
    CapacityOptions options =
        CapacityOptions.defaults()
            .withSlo(Slo.limits(Optional.empty(), Optional.empty(), Optional.empty()));

    assertThat(options.hasSlo()).as("no limit binds").isFalse();
  }
}
