package dev.ttftgap.bench.jmh;

import dev.ttftgap.measure.StreamVerdicts;
import dev.ttftgap.stream.Chunk;
import dev.ttftgap.stream.ChunkClassifier;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Per-event work on Gatling's event loop: classifying one chunk, and the decisions the SSE checks
 * take on every event (the end-of-stream check's matching runs on each of a stream's tokens).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ChunkClassifierBenchmark {
  // fields, not constants, so the JIT can't fold the inputs
  private String contentData = StreamEvents.CONTENT_DATA;
  private String contentEvent = StreamEvents.CONTENT_EVENT;
  private String roleEvent = StreamEvents.ROLE_EVENT;
  private String doneEvent = StreamEvents.DONE_EVENT;
  private String chunkId = StreamEvents.ID;

  @Benchmark
  public Chunk classifyContentData() {
    return ChunkClassifier.classifyData(contentData);
  }

  @Benchmark
  public Chunk classifyContentGatlingEvent() {
    return ChunkClassifier.classifyGatlingEvent(contentEvent);
  }

  @Benchmark
  public Chunk classifyDoneGatlingEvent() {
    return ChunkClassifier.classifyGatlingEvent(doneEvent);
  }

  /** The end-of-stream check's matching, on a token (the per-event call at steady state). */
  @Benchmark
  public boolean endsStreamOnContent() {
    return StreamVerdicts.endsStream(contentEvent, chunkId);
  }

  /** The first-token check's matching, on the role-only chunk. */
  @Benchmark
  public boolean endsFirstTokenWaitOnRole() {
    return StreamVerdicts.endsFirstTokenWait(roleEvent);
  }

  /** All the first-token check does on the event it matches: matching, then its three checks. */
  @Benchmark
  public String firstTokenCheckOnContent() {
    StreamVerdicts.endsFirstTokenWait(contentEvent);
    StreamVerdicts.chunkId(contentEvent);
    return StreamVerdicts.firstToken(contentEvent);
  }
}
