package dev.ttftgap.engine;

/** The {@link StreamEncoder} of a request's API. */
final class StreamEncoders {
  private StreamEncoders() {}

  /** The encoder of {@code request}, answered as request {@code id}. */
  static StreamEncoder of(String id, ChatRequest request, long createdEpochSeconds) {
    return switch (request.api()) {
      case CHAT -> new ChunkEncoder(id, request, createdEpochSeconds);
      case COMPLETIONS -> new CompletionsEncoder(id, request, createdEpochSeconds);
      case RESPONSES -> new ResponsesEncoder(id, request, createdEpochSeconds);
      case MESSAGES -> new MessagesEncoder(id, request);
    };
  }
}
