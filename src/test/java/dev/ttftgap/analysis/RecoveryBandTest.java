package dev.ttftgap.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryBandTest {
  /** A window starting {@code start} s from the burst with the given p50 and p95 TTFT. */
  private static RecoveryWindow window(double start, Double p50, Double p95) {
    return new RecoveryWindow(start, 10, p50, p95, 1, null, false);
  }

  @Test
  void theEdgeIs125PercentOfTheHighestQuietWindowLeavingTheFirstOut() {
    List<RecoveryWindow> windows =
        List.of(
            window(-20, 900.0, 1500.0),
            window(-15, 180.0, 300.0),
            window(-10, 200.0, 280.0),
            window(-5, 190.0, 320.0),
            window(0, 5000.0, 9000.0));

    RecoveryBand band = RecoveryBand.of(windows);

    assertThat(band.p50Millis()).as("1.25 × 200 ms; the ramp-up window left out").isEqualTo(250);
    assertThat(band.p95Millis()).as("1.25 × 320 ms; burst windows left out").isEqualTo(400);
  }

  @Test
  void aFastServersEdgeKeepsTheKneesTwentyMillisecondFloor() {
    List<RecoveryWindow> windows =
        List.of(window(-15, 30.0, 33.0), window(-10, 32.0, 34.0), window(-5, 31.0, 35.0));

    RecoveryBand band = RecoveryBand.of(windows);

    assertThat(band.p50Millis()).as("32 + 20 ms beats 1.25 × 32 = 40 ms").isEqualTo(52);
    assertThat(band.p95Millis()).isEqualTo(55);
  }

  @Test
  void aLoneQuietWindowIsUsedAndNoneGivesNoBand() {
    assertThat(RecoveryBand.of(List.of(window(-5, 100.0, 120.0))).p50Millis()).isEqualTo(125);
    assertThat(RecoveryBand.of(List.of(window(-5, null, null), window(0, 100.0, 120.0))))
        .as("no successful request before the burst")
        .isNull();
  }

  @Test
  void recoveryIsFromTheBurstsEndToTheFirstWindowInBandForGood() {
    RecoveryBand band = new RecoveryBand(100, 200);
    List<RecoveryWindow> judged =
        band.judge(
            List.of(
                window(-5, 50.0, 80.0),
                window(0, 900.0, 1500.0),
                window(10, 600.0, 900.0),
                window(15, 90.0, 150.0),
                window(20, 400.0, 500.0),
                window(25, 80.0, 120.0),
                window(30, null, null),
                window(35, 70.0, 110.0)));

    assertThat(RecoveryBand.recoverySeconds(judged, 10))
        .as("back at 15 s, out again at 20 s, in for good from 25 s; 30 s has no success")
        .isEqualTo(15.0);
  }

  @Test
  void recoveryIsZeroWhenNoWindowAfterTheBurstLeftTheBandAndNullWhenTheLastIsOut() {
    RecoveryBand band = new RecoveryBand(100, 200);
    List<RecoveryWindow> calm =
        band.judge(
            List.of(window(0, 300.0, 400.0), window(10, 60.0, 90.0), window(15, 60.0, 90.0)));
    List<RecoveryWindow> late =
        band.judge(List.of(window(10, 60.0, 90.0), window(15, 60.0, 250.0)));

    assertThat(RecoveryBand.recoverySeconds(calm, 10)).isZero();
    assertThat(RecoveryBand.recoverySeconds(late, 10)).as("p95 out in the last window").isNull();
  }
}
