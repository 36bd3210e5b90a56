package dev.ttftgap.measure;

import static dev.ttftgap.measure.Chunks.DONE;
import static dev.ttftgap.measure.Chunks.content;
import static dev.ttftgap.measure.Chunks.role;
import static dev.ttftgap.measure.Chunks.usage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.RequestRecord;
import dev.ttftgap.record.StepLevel;
import dev.ttftgap.stream.ChunkKind;
import dev.ttftgap.stream.StreamAnswer;
import dev.ttftgap.stream.ToolCallDelta;
import dev.ttftgap.stream.TtftKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventLogTest {
  private static final RequestContext CTX =
      new RequestContext(
          RequestIdentity.of("run-1", 7),
          StepLevel.open(RequestPhase.STEP, 1, "step 1 · 1 rps", 1.0),
          RequestInput.builder().model("m").promptTokens(10).maxTokens(8).build(),
          5_000,
          false);

  @Test
  void keepsArrivalOrderAndOneCopyOfTheStreamsId() {
    EventLog log = new EventLog();
    log.add(1_150, role("chatcmpl-1"));
    log.add(1_401, content("chatcmpl-1", "Hi"));
    log.add(1_430, DONE);

    List<ObservedEvent> events = log.events();
    assertThat(events)
        .extracting(e -> e.chunk().kind())
        .as("kinds in arrival order")
        .containsExactly(ChunkKind.ROLE_ONLY, ChunkKind.CONTENT, ChunkKind.DONE);
    assertThat(events.get(1).chunk().id())
        .as("the second chunk's id is the first one's string, not a copy")
        .isSameAs(events.get(0).chunk().id());
  }

  /**
   * The id the end-of-stream check compares later chunks with: the first token's, as the
   * first-token check matched it; a role chunk before it does not count.
   */
  @Test
  void theFirstTokenIdIsTheIdOfTheEventThatEndedTheFirstTokenWait() {
    EventLog log = new EventLog();
    log.add(1_150, role("chatcmpl-1"));
    assertThat(log.firstTokenId()).as("after the role chunk").isNull();

    log.add(1_401, content("chatcmpl-1", "Hi"));
    log.add(1_430, content("chatcmpl-2", " re-sent"));

    assertThat(log.firstTokenId())
        .as("the first token's id, not a later one")
        .isEqualTo("chatcmpl-1");
  }

  @Test
  void aDoneBeforeAnyTokenEndsTheWaitWithAnEmptyId() {
    EventLog log = new EventLog();
    log.add(1_150, role("chatcmpl-1"));
    log.add(1_430, DONE);

    assertThat(log.firstTokenId()).as("[DONE] carries no id").isEmpty();
  }

  @Test
  void keepsEveryEventWhenItGrowsPastItsFirstArrays() {
    EventLog log = new EventLog();
    for (int i = 0; i < 1_000; i++) {
      log.add(1_000 + i, content("chatcmpl-1", "t" + i));
    }

    List<ObservedEvent> events = log.events();
    assertThat(events).hasSize(1_000);
    assertThat(events.get(999).epochMillis()).isEqualTo(1_999);
    assertThat(events.get(999).chunk().text()).isEqualTo("t999");
  }

  @Test
  void theFirstTokenAndDoneTakeTheirCheckRowsTimes() {
    // the first token was logged at 1401 but its check row ended at 1400: the row wins, as in the
    // report; [DONE] likewise
    List<ObservedRow> rows =
        List.of(
            new ObservedRow(RowNames.TTFB, 1_000, 1_120, true, null),
            new ObservedRow(RowNames.GAP, 1_120, 1_400, true, null),
            new ObservedRow(RowNames.DECODE, 1_400, 1_510, true, null));
    EventLog log = new EventLog();
    log.add(1_150, role("chatcmpl-1"));
    log.add(1_401, content("chatcmpl-1", "Hi"));
    log.add(1_430, content("chatcmpl-1", " there"));
    log.add(1_500, usage("chatcmpl-1", 12, 2));
    log.add(1_511, DONE);

    RequestRecord record = RecordAssembler.assemble(CTX, rows, log.events(), 990);

    assertThat(record.result().outcome()).as("a complete stream").isEqualTo(Outcome.OK);
    assertThat(record.timings().ttftMillis()).as("TTFT from the gap row's end").isEqualTo(400L);
    assertThat(record.timings().e2eMillis()).as("e2e from the decode row's end").isEqualTo(510L);
    assertThat(record.timings().itlMillis()).as("ITL from the logged arrival").containsExactly(30L);
    assertThat(record.output().outputTokens()).as("from the usage chunk").isEqualTo(2);
  }

  @Test
  void theFirstTokenEventStampsThePreciseFirstTokenInstant() {
    EventLog log = new EventLog();
    log.stamps().sent(1_000_000_000L);
    log.add(1_150, 1_150_000_000L, role("chatcmpl-1"));
    log.add(1_401, 1_400_250_000L, content("chatcmpl-1", "Hi"));
    log.add(1_420, 1_420_000_000L, content("chatcmpl-1", "!"));

    assertThat(log.stamps().ttftMicros())
        .as("send → the first content event, µs (the role chunk and later tokens do not count)")
        .isEqualTo(400_250L);
    assertThat(log.events()).as("every event logged").hasSize(3);
  }

  @Test
  void keepsTheToolCallsOfAChunkWhoseIdItShares() {
    EventLog log = new EventLog();
    log.add(1_150, role("chatcmpl-1"));
    log.add(1_400, Chunks.toolCall("chatcmpl-1", 0, "call_1", "get_weather", "{}"));

    assertThat(log.events().get(1).chunk().toolCalls())
        .as("the copy that shares the id keeps the call")
        .containsExactly(new ToolCallDelta(0, "call_1", "get_weather", "{}"));
  }

  @Test
  void theAnswerIsWhatTheStreamsChunksMake() {
    EventLog log = new EventLog();
    log.add(1_150, role("chatcmpl-1"));
    log.add(1_300, Chunks.reasoning("chatcmpl-1", "hmm"));
    log.add(1_401, content("chatcmpl-1", "Hi"));
    log.add(1_430, content("chatcmpl-1", " there"));
    log.add(1_500, DONE);

    List<ObservedEvent> events = log.events();
    assertThat(EventLog.answer(events))
        .as("the answer for the history: StreamAnswer of the logged chunks")
        .isEqualTo(StreamAnswer.of(events.stream().map(ObservedEvent::chunk).toList()));
    assertThat(EventLog.answer(events).text())
        .as("reasoning is not sent back")
        .isEqualTo("Hi there");
    assertThat(EventLog.text(events))
        .as("text() keeps every token's text")
        .isEqualTo("hmmHi there");
  }

  @Test
  void aLogOfOneKindStampsItsFirstEventOnly() {
    EventLog log = new EventLog(TtftKind.TOOL_CALL);
    log.stamps().sent(1_000_000_000L);
    log.add(1_300, 1_300_000_000L, content("chatcmpl-1", "Let me look."));
    log.add(1_400, 1_400_125_000L, Chunks.toolCall("chatcmpl-1", 0, "call_1", "f", ""));

    assertThat(log.stamps().ttftMicros()).as("send → the first tool call, µs").isEqualTo(400_125L);
    assertThat(CTX.ttftKind()).as("a context names ANY unless told").isEqualTo(TtftKind.ANY);
    assertThat(CTX.withTtftKind(TtftKind.TOOL_CALL).ttftKind()).isEqualTo(TtftKind.TOOL_CALL);
    assertThat(CTX.withTtftKind(TtftKind.TOOL_CALL).withNewConnection(true).ttftKind())
        .as("kept by the other withers")
        .isEqualTo(TtftKind.TOOL_CALL);
  }
}
