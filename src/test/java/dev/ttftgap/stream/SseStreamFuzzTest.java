package dev.ttftgap.stream;

import dev.ttftgap.fuzz.FuzzRun;
import dev.ttftgap.fuzz.FuzzTarget;
import dev.ttftgap.fuzz.FuzzTargetTest;
import java.nio.file.Path;
import java.util.List;

/**
 * Whole SSE bodies fuzzed from {@link SampleStreams} ({@link FuzzRun}): decoded into events, each
 * classified under every API, the chunks put on a timeline and turned into {@link RequestMetrics},
 * and the raw bytes scanned for {@code error:} lines. Nothing may throw: a bad event is a
 * classified chunk, and a MALFORMED or ERROR chunk says why.
 */
class SseStreamFuzzTest extends FuzzTargetTest {
  @Override
  protected FuzzTarget target(Path dir) {
    return new FuzzTarget(
        "sse",
        FuzzTarget.seeds(SampleStreams.ALL.stream().map(SampleStreams.Sample::body).toList()),
        List.of(),
        SseStreamFuzzTest::classifyAll);
  }

  private static void classifyAll(byte[] body) {
    SseDecoder decoder = new SseDecoder();
    List<SseEvent> events = decoder.feed(body);
    decoder.finish();
    for (Api api : Api.values()) {
      StreamTimeline timeline = new StreamTimeline(0).headers(1);
      long at = 2;
      for (SseEvent event : events) {
        timeline.event(at++, checked(ChunkClassifier.classify(api, event.event(), event.data())));
      }
      RequestMetrics.of(timeline.end(at));
    }
    SseErrorLines errorLines = new SseErrorLines();
    errorLines.feed(body, 0, body.length);
    String value = errorLines.finish();
    if (value != null) {
      checked(ChunkClassifier.errorLine(value));
    }
  }

  private static Chunk checked(Chunk chunk) {
    boolean failure = chunk.kind() == ChunkKind.MALFORMED || chunk.kind() == ChunkKind.ERROR;
    if (failure && (chunk.errorMessage() == null || chunk.errorMessage().isBlank())) {
      throw new AssertionError(chunk.kind() + " without a message: " + chunk);
    }
    return chunk;
  }
}
