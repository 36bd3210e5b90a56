package dev.ttftgap.profile;

/**
 * How long one streaming request may take before it is failed with a timeout reason.
 *
 * @param firstTokenSeconds send → first content event; default 60
 * @param idleSeconds longest silence between two events once the stream has started; default 30
 * @param streamSeconds send → end of stream; default 300
 */
public record Timeouts(int firstTokenSeconds, int idleSeconds, int streamSeconds) {
  public static final Timeouts DEFAULTS = new Timeouts(60, 30, 300);

  public long firstTokenMillis() {
    return firstTokenSeconds * 1000L;
  }

  public long idleMillis() {
    return idleSeconds * 1000L;
  }

  public long streamMillis() {
    return streamSeconds * 1000L;
  }

  public Timeouts {
    if (firstTokenSeconds <= 0 || idleSeconds <= 0 || streamSeconds <= 0) {
      throw new IllegalArgumentException(
          "timeouts must be > 0 s: "
              + firstTokenSeconds
              + ", "
              + idleSeconds
              + ", "
              + streamSeconds);
    }
  }
}
