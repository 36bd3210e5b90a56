package dev.ttftgap.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConnectionEstimatorTest {
  @Test
  void sequentialRequestsReuseTheFirstConnection() {
    ConnectionEstimator pool = new ConnectionEstimator();
    assertThat(pool.start()).as("first request opens the first connection").isTrue();
    pool.finish(false);
    for (int i = 0; i < 5; i++) {
      assertThat(pool.start()).as("request %d, one at a time, reuses it", i + 2).isFalse();
      pool.finish(false);
    }
  }

  @Test
  void concurrencyAboveEveryEarlierPeakOpensConnections() {
    ConnectionEstimator pool = new ConnectionEstimator();
    assertThat(pool.start()).isTrue();
    assertThat(pool.start()).as("second in flight needs a second connection").isTrue();
    pool.finish(false);
    pool.finish(false);
    assertThat(pool.start()).as("two idle connections: reuse").isFalse();
    assertThat(pool.start()).as("two idle connections: reuse").isFalse();
    assertThat(pool.start()).as("third in flight: new").isTrue();
  }

  @Test
  void aClosedConnectionMustBeReopened() {
    ConnectionEstimator pool = new ConnectionEstimator();
    assertThat(pool.start()).isTrue();
    pool.finish(true);
    assertThat(pool.start()).as("after the only connection was closed by a failure").isTrue();
  }
}
