package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityOptionsTest {

  @Test
  void unsetSettingsGiveTheDefaults() {
    CapacityOptions options = CapacityOptions.fromSettings(name -> null);

    assertThat(options).isEqualTo(CapacityOptions.defaults());
  }

  @Test
  void settingsOverrideTheDefaults(@TempDir Path dir) throws Exception {
    Path baseline = Files.writeString(dir.resolve("capacity.json"), "{}");
    Map<String, String> settings =
        Map.of(
            "capacity.peakRate", "120",
            "baseline", baseline.toString(),
            "capacity.sloTtftP95Ms", "1500",
            "capacity.sloGapP95Ms", "800",
            "capacity.sloErrorPct", "0.5");

    CapacityOptions options = CapacityOptions.fromSettings(settings::get);

    assertThat(options.peakRate()).contains(120.0);
    assertThat(options.baseline()).contains(baseline);
    assertThat(options.sloTtftP95Millis()).isEqualTo(1500);
    assertThat(options.sloGapP95Millis()).isEqualTo(800);
    assertThat(options.sloErrorRatePercent()).isEqualTo(0.5);
    assertThat(options.knownSaturationRate()).isEqualTo(Optional.empty());
  }

  @Test
  void badValueNamesTheSetting() {
    assertThatThrownBy(() -> CapacityOptions.fromSettings(Map.of("capacity.peakRate", "lots")::get))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("capacity.peakRate must be a number");
    assertThatThrownBy(() -> CapacityOptions.fromSettings(Map.of("capacity.peakRate", "-3")::get))
        .hasMessageContaining("peakRate must be a positive number");
  }

  @Test
  void missingBaselineFileNamesTheSetting(@TempDir Path dir) {
    String missing = dir.resolve("nope.json").toString();

    assertThatThrownBy(() -> CapacityOptions.fromSettings(Map.of("baseline", missing)::get))
        .hasMessageContaining("baseline: " + missing + " does not exist");
  }

  @Test
  void environmentNamesFollowTheProperties() {
    assertThat(CapacityOptions.environmentName("capacity.peakRate"))
        .isEqualTo("CAPACITY_PEAK_RATE");
    assertThat(CapacityOptions.environmentName("baseline")).isEqualTo("CAPACITY_BASELINE");
    assertThat(CapacityOptions.environmentName("capacity.sloTtftP95Ms"))
        .isEqualTo("CAPACITY_SLO_TTFT_P95_MS");
  }
}
