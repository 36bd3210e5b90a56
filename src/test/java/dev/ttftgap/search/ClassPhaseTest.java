package dev.ttftgap.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.analysis.StepStats;
import dev.ttftgap.analysis.StepStatsCalculator;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.TestRecords;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClassPhaseTest {
  private static final ClassSpec CHAT = new ClassSpec("chat", 0.8, Slo.of(400, Slo.NO_LIMIT, 1));
  private static final ClassSpec RAG = new ClassSpec("rag", 0.2, Slo.of(5000, Slo.NO_LIMIT, 1));
  private static final CapacityOptions OPTIONS =
      CapacityOptions.defaults().withClasses(List.of(CHAT, RAG));

  /** 40 requests of phase 1 at 2 rps, every fifth one rag (TTFT {@code ragTtft}), else chat. */
  private static List<RequestRecord> phase(long chatTtft, long ragTtft, boolean withRag) {
    List<RequestRecord> records = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      boolean rag = i % 5 == 0;
      if (rag && !withRag) {
        continue;
      }
      long ttft = rag ? ragTtft : chatTtft;
      long userId = i;
      records.add(
          TestRecords.streamed(
                  TestRecords.builder()
                      .identity(id -> id.userId(userId))
                      .level(lv -> lv.step(1).stepLabel("probe 01 · 2 rps").offeredRate(2.0))
                      .input(in -> in.requestClass(rag ? "rag" : "chat"))
                      .timings(t -> t.startEpochMillis(1_000_000L + userId * 500).ttfbMillis(5L)),
                  ttft,
                  ttft + 100,
                  List.of(50L, 50L),
                  3)
              .build());
    }
    return records;
  }

  private static String failure(List<RequestRecord> records) {
    StepStats mix = StepStatsCalculator.of(records).get(0);
    return ClassPhase.failure(ClassPhase.of(records, OPTIONS, 1), mix, OPTIONS);
  }

  @Test
  void everyClassWithinItsOwnSloPasses() {
    List<RequestRecord> records = phase(100, 3000, true);

    assertThat(failure(records)).isNull();
    assertThat(ClassPhase.figures(ClassPhase.of(records, OPTIONS, 1)))
        .isEqualTo("; p95 TTFT by class: chat 100 ms, rag 3000 ms");
  }

  @Test
  void theClassThatBreaksItsOwnSloIsNamed() {
    assertThat(failure(phase(600, 3000, true)))
        .as("600 ms would pass rag's 5 s limit, not chat's 400 ms")
        .isEqualTo("class chat breaks ttft_p95 (p95 TTFT 600 ms)");
    List<RequestRecord> slowRag = phase(100, 1500, true);
    CapacityOptions strictRag =
        OPTIONS.withClasses(
            List.of(CHAT, new ClassSpec("rag", 0.2, Slo.of(1000, Slo.NO_LIMIT, 1))));
    assertThat(
            ClassPhase.failure(
                ClassPhase.of(slowRag, strictRag, 1),
                StepStatsCalculator.of(slowRag).get(0),
                strictRag))
        .isEqualTo("class rag breaks ttft_p95 (p95 TTFT 1500 ms)");
  }

  @Test
  void aClassWithoutRecordsInThePhaseFailsIt() {
    assertThat(failure(phase(100, 3000, false))).isEqualTo("class rag has no request ended");
  }

  @Test
  void withoutClassesThereIsNothingToJudge() {
    List<RequestRecord> records = phase(100, 3000, true);

    assertThat(ClassPhase.of(records, CapacityOptions.defaults(), 1)).isEmpty();
    assertThat(ClassPhase.figures(List.of())).isEmpty();
  }
}
