package dev.ttftgap.preflight;

import java.util.concurrent.Flow;

/** A subscription for driving {@link SseRecorder} by hand: the test pushes, nothing is pulled. */
final class NoOpSubscription implements Flow.Subscription {
  @Override
  public void request(long n) {}

  @Override
  public void cancel() {}
}
