package dev.ttftgap.engine.scheduler;

/** Receives the tokens the scheduler produces for one sequence, at the end of an engine step. */
public interface TokenSink {

  /**
   * One output token of {@code sequence} is ready.
   *
   * @param sequence the sequence; {@link Sequence#generatedTokens()} already counts this token
   * @param stepEndMicros engine time at which the step that produced it ended
   * @param last whether this was the sequence's last token (it has left the running set)
   */
  void onToken(Sequence sequence, long stepEndMicros, boolean last);
}
