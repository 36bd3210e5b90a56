package dev.ttftgap.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.Slo;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CapacityArgumentsTest {
  @Test
  void helpNeedsNoInputAndNoValue() {
    assertThat(CapacityArguments.parse(new String[] {"--help"}).help()).isTrue();
    assertThat(CapacityArguments.parse(new String[] {"run", "-h"}).help()).isTrue();
  }

  @Test
  void flagsTakeNoValue() {
    CapacityArguments arguments =
        CapacityArguments.parse(new String[] {"run", "--overwrite", "--fail-on-regression"});

    assertThat(arguments.overwrite()).isTrue();
    assertThat(arguments.failOnRegression()).isTrue();
    assertThat(arguments.inputs()).hasSize(1);
  }

  @Test
  void aRecoveryWindowGivenRejudgesTheStoredBurstAndNeedsOne() {
    CapacityOptions stored = CapacityOptions.defaults().withBurst(new BurstPlan(5.5, 11.5, 30, 5));

    assertThat(
            CapacityArguments.parse(new String[] {"run", "--recovery-window-s", "10"})
                .options(Optional.of(stored))
                .burst())
        .as("the run's burst, in 10-s windows")
        .contains(new BurstPlan(5.5, 11.5, 30, 10));
    assertThat(CapacityArguments.parse(new String[] {"run"}).options(Optional.of(stored)).burst())
        .as("the run's own window otherwise")
        .contains(new BurstPlan(5.5, 11.5, 30, 5));
    assertThatThrownBy(
            () ->
                CapacityArguments.parse(new String[] {"run", "--recovery-window-s", "10"})
                    .options(Optional.of(CapacityOptions.defaults())))
        .hasMessage("--recovery-window-s: this run had no launch spike (no burst in its run.json)");
    assertThatThrownBy(
            () -> CapacityArguments.parse(new String[] {"run", "--recovery-window-s", "2.5"}))
        .hasMessage("--recovery-window-s must be a whole number of seconds above 0, got \"2.5\"");
  }

  @Test
  void withNothingGivenNorStoredNoLimitApplies() {
    CapacityOptions options =
        CapacityArguments.parse(new String[] {"run"}).options(Optional.empty());

    assertThat(options.hasSlo()).as("no hidden default SLO").isFalse();
  }

  @Test
  void aGivenLimitReplacesTheStoredOneAndTheOthersStay() {
    CapacityOptions stored =
        new CapacityOptions(
            Slo.of(3000, 2500, 1), Optional.of(40.0), Optional.empty(), Optional.of(7.9));

    CapacityOptions options =
        CapacityArguments.parse(new String[] {"run", "--slo-ttft-p95-ms", "800"})
            .options(Optional.of(stored));

    assertThat(options)
        .as("ttft from the command line, the rest stored")
        .isEqualTo(
            new CapacityOptions(
                Slo.of(800, 2500, 1), Optional.of(40.0), Optional.empty(), Optional.of(7.9)));
  }

  @Test
  void kindLimitsJoinTheStoredOnesAndTheStoredTtftKindStays() {
    CapacityOptions stored =
        new CapacityOptions(
                Slo.of(3000, 2500, 1)
                    .withKindLimits(Optional.empty(), Optional.of(900.0), Optional.empty()),
                Optional.empty(),
                Optional.empty(),
                Optional.empty())
            .withTtftKind(dev.ttftgap.stream.TtftKind.CONTENT);

    CapacityOptions options =
        CapacityArguments.parse(
                new String[] {"run", "--slo-ttfvt-p95-ms", "2000", "--slo-ttftc-p95-ms", "1500"})
            .options(Optional.of(stored));

    assertThat(options.slo().ttfvtP95Millis()).contains(2000.0);
    assertThat(options.slo().ttfrP95Millis()).as("stored").contains(900.0);
    assertThat(options.slo().ttftcP95Millis()).contains(1500.0);
    assertThat(options.slo().ttftP95Millis()).as("stored").contains(3000.0);
    assertThat(options.ttftKind()).isEqualTo(dev.ttftgap.stream.TtftKind.CONTENT);
  }

  @Test
  void anUnknownOptionNamesItself() {
    assertThatThrownBy(() -> CapacityArguments.parse(new String[] {"run", "--slo", "1"}))
        .hasMessageStartingWith("unknown option --slo; usage:");
  }
}
