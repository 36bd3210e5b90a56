package dev.ttftgap.bench.jmh;

import dev.ttftgap.gatling.internal.GatlingSseEvent;
import dev.ttftgap.measure.EventLog;
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
  private static final int COPIES = 1024;
  // fields, not constants, so the JIT can't fold the inputs; distinct string instances, because
  // every event Gatling hands over is a new string (GatlingSseEvent remembers the last one)
  private final String[] contentEvents = copies(StreamEvents.CONTENT_EVENT);
  private final String[] roleEvents = copies(StreamEvents.ROLE_EVENT);
  private String contentData = StreamEvents.CONTENT_DATA;
  private String doneEvent = StreamEvents.DONE_EVENT;
  private String chunkId = StreamEvents.ID;
  private int next;

  private static String[] copies(String event) {
    String[] copies = new String[COPIES];
    for (int i = 0; i < COPIES; i++) {
      copies[i] = new String(event.toCharArray());
    }
    return copies;
  }

  private String contentEvent() {
    return contentEvents[next++ & (COPIES - 1)];
  }

  @Benchmark
  public Chunk classifyContentData() {
    return ChunkClassifier.classifyData(contentData);
  }

  @Benchmark
  public Chunk classifyContentGatlingEvent() {
    return GatlingSseEvent.unwrapAndClassify(contentEvent());
  }

  @Benchmark
  public Chunk classifyDoneGatlingEvent() {
    return GatlingSseEvent.unwrapAndClassify(doneEvent);
  }

  /** The end-of-stream check's matching, on a token (the per-event call at steady state). */
  @Benchmark
  public boolean endsStreamOnContent() {
    return StreamVerdicts.endsStream(GatlingSseEvent.classify(contentEvent()), chunkId);
  }

  private EventLog log = new EventLog();
  private int logged;

  /**
   * What the end-of-stream check's matching does on each token of a stream: classify the event, log
   * it, decide. A new log every 256 events, as streams of 256 events would.
   */
  @Benchmark
  public boolean logContentEvent() {
    if (++logged == 256) {
      log = new EventLog();
      logged = 0;
    }
    Chunk chunk = GatlingSseEvent.classify(contentEvent());
    log.add(logged, System.nanoTime(), chunk);
    return StreamVerdicts.endsStream(chunk, chunkId);
  }

  /** The first-token check's matching, on the role-only chunk. */
  @Benchmark
  public boolean endsFirstTokenWaitOnRole() {
    return StreamVerdicts.endsFirstTokenWait(
        GatlingSseEvent.classify(roleEvents[next++ & (COPIES - 1)]));
  }

  /** All the first-token check does on the event it matches: matching, then its three checks. */
  @Benchmark
  public String firstTokenCheckOnContent() {
    String contentEvent = contentEvent();
    StreamVerdicts.endsFirstTokenWait(GatlingSseEvent.classify(contentEvent));
    StreamVerdicts.chunkId(GatlingSseEvent.classify(contentEvent));
    return StreamVerdicts.firstToken(GatlingSseEvent.classify(contentEvent));
  }
}
