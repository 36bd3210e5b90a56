package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.RequestRecordBuilder;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Records of runs whose turns answer in different kinds: plain chat (content only), reasoning (a
 * reasoning phase before the answer), tool calls (no content) or a mix, 20 requests per step at
 * {@code step} rps, seeded. TTFT grows by {@value #TTFT_STEP_MILLIS} ms per step; a reasoning turn
 * shows its answer {@value #REASONING_MILLIS} ms after its first reasoning token.
 */
public final class KindRecords {
  static final long TTFT_STEP_MILLIS = 200;
  static final long REASONING_MILLIS = 1000;

  private KindRecords() {}

  /** How the turns of a step answer. */
  public enum Turns {
    CHAT,
    REASONING,
    TOOL_CALLS,
    /** Even requests call a tool, odd ones reason then answer. */
    MIXED
  }

  /** One step per element of {@code steps}, steps 1, 2, … at 1, 2, … rps. */
  public static List<RequestRecord> run(long seed, Turns... steps) {
    Random random = new Random(seed);
    List<RequestRecord> records = new ArrayList<>();
    for (int s = 1; s <= steps.length; s++) {
      for (int i = 0; i < 20; i++) {
        long ttft = 100 + TTFT_STEP_MILLIS * s + random.nextInt(20);
        records.add(request(s, i, ttft, kindOf(steps[s - 1], i)).build());
      }
    }
    return records;
  }

  private static Turns kindOf(Turns step, int i) {
    if (step != Turns.MIXED) {
      return step;
    }
    return i % 2 == 0 ? Turns.TOOL_CALLS : Turns.REASONING;
  }

  /**
   * Request {@code i} of step {@code step}, a step of {@code step} rps 20 s long: who sent it, in
   * which step and when; everything it measured still undefined.
   */
  public static RequestRecordBuilder request(int step, int i) {
    return TestRecords.builder()
        .identity(id -> id.userId(step * 100L + i))
        .level(
            lv ->
                lv.step(step)
                    .stepLabel("step " + step + " · " + step + " rps")
                    .offeredRate((double) step))
        .timings(t -> t.startEpochMillis(1_000_000L + step * 20_000L + i * 1000L / step));
  }

  private static RequestRecordBuilder request(int step, int i, long ttft, Turns kind) {
    RequestRecordBuilder base = request(step, i).timings(t -> t.ttfbMillis(20L));
    RequestRecordBuilder streamed =
        TestRecords.streamed(base, ttft, ttft + 1500, List.of(50L, 50L), 16);
    return switch (kind) {
      case CHAT, MIXED -> streamed;
      case REASONING ->
          streamed.timings(
              t -> t.firstReasoningMillis(ttft).firstContentMillis(ttft + REASONING_MILLIS));
      case TOOL_CALLS ->
          streamed
              .timings(t -> t.firstContentMillis(null).firstToolCallMillis(ttft))
              .output(o -> o.toolCalls(1).finishReason("tool_calls"));
    };
  }
}
