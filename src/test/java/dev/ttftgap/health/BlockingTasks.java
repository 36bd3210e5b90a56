package dev.ttftgap.health;

/** Tasks that hold the event loop they run on, as blocking code on a loop would. */
final class BlockingTasks {
  private BlockingTasks() {}

  /** A task that holds its thread {@code millis} ms (less when interrupted, keeping the flag). */
  static Runnable holding(long millis) {
    return () -> {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }
}
