package dev.ttftgap.stream;

/**
 * Classifies one API's SSE data written with single quotes for double ones, so the grammar tests
 * read as JSON without escaping every quote.
 */
final class QuotedEvents {
  private final Api api;

  QuotedEvents(Api api) {
    this.api = api;
  }

  /** The chunk of {@code singleQuoted} data under an {@code event:} line of {@code eventName}. */
  Chunk classify(String eventName, String singleQuoted) {
    return ChunkClassifier.classify(api, eventName, singleQuoted.replace('\'', '"'));
  }

  /** The chunk of {@code singleQuoted} data without an {@code event:} line. */
  Chunk classify(String singleQuoted) {
    return classify(null, singleQuoted);
  }
}
