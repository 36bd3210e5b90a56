package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class RunOutputsTest {
  @Test
  void aRunIsNamedAfterWhatItRanAndWhenItStartedInUtc() {
    assertThat(RunOutputs.runName("rising-rate", Instant.parse("2026-11-30T23:20:48.731Z")))
        .isEqualTo("rising-rate-20261130-232048");
  }

  @Test
  void aNameThatIsNoFileNameIsMadeOne() {
    assertThat(RunOutputs.runName("My Profile/v2", Instant.parse("2026-11-30T23:20:48Z")))
        .as("lower case, no space, no separator")
        .isEqualTo("my-profile-v2-20261130-232048");
  }
}
