package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.tokens.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tool calls, per-kind first output and finish reasons in {@link RequestMetrics}; answers. */
class ToolCallMetricsTest {

  private static Chunk chat(String singleQuoted) {
    return ChunkClassifier.classify(Api.CHAT, null, singleQuoted.replace('\'', '"'));
  }

  private static final Chunk ROLE = chat("{'id':'c','choices':[{'delta':{'role':'assistant'}}]}");
  private static final Chunk NAME =
      chat(
          "{'id':'c','choices':[{'delta':{'tool_calls':[{'index':0,'id':'call_1',"
              + "'function':{'name':'get_weather','arguments':''}}]}}]}");
  private static final Chunk ARGS_1 =
      chat(
          "{'id':'c','choices':[{'delta':{'tool_calls':[{'index':0,'function':{'arguments':'{\\'city\\':'}}]}}]}");
  private static final Chunk ARGS_2 =
      chat(
          "{'id':'c','choices':[{'delta':{'tool_calls':[{'index':0,'function':{'arguments':' \\'Paris\\'}'}}]}}]}");
  private static final Chunk FINISH =
      chat("{'id':'c','choices':[{'delta':{},'finish_reason':'tool_calls'}]}");
  private static final Chunk DONE = ChunkClassifier.classify(Api.CHAT, null, "[DONE]");

  /** The worked example with a tool call of {@link RequestMetrics}' Javadoc. */
  @Test
  void computesTheToolCallWorkedExample() {
    RequestMetrics m =
        RequestMetrics.of(
            new StreamTimeline(1000)
                .headers(1100)
                .event(1110, ROLE)
                .event(1300, NAME)
                .event(1320, ARGS_1)
                .event(1340, ARGS_2)
                .event(1350, FINISH)
                .event(1360, DONE)
                .end(1361));

    assertThat(m.ttftMillis()).as("a tool call is output").hasValue(300);
    assertThat(m.firstToolCallMillis()).as("ttftc").hasValue(300);
    assertThat(m.ttftMillis(TtftKind.TOOL_CALL)).hasValue(300);
    assertThat(m.ttftMillis(TtftKind.ANY)).hasValue(300);
    assertThat(m.firstContentMillis()).as("no visible answer").isEmpty();
    assertThat(m.ttftMillis(TtftKind.CONTENT)).isEmpty();
    assertThat(m.firstReasoningMillis()).isEmpty();
    assertThat(m.gapMillis()).hasValue(200);
    assertThat(m.toolCalls()).as("one call").isEqualTo(1);
    assertThat(m.finishReason()).hasValue("tool_calls");
    assertThat(m.itlMillis()).as("between output events of any kind").containsExactly(20L, 20L);
    assertThat(m.tokenEvents()).isEqualTo(3);
    assertThat(m.outputTokensSource()).isEqualTo("tokenizer");
    assertThat(m.outputTokens())
        .as("the tokenizer over the arguments text")
        .hasValue(TokenCounter.count("{\"city\": \"Paris\"}"));
    assertThat(m.e2eMillis()).hasValue(360);
  }

  @Test
  void eachKindHasItsFirstEvent() {
    Chunk both = chat("{'choices':[{'delta':{'reasoning':'r','content':'c'}}]}");
    Chunk reasoning = chat("{'choices':[{'delta':{'reasoning':'r'}}]}");
    RequestMetrics m =
        RequestMetrics.of(
            new StreamTimeline(0).event(10, reasoning).event(20, both).event(30, NAME).end(40));

    assertThat(m.ttftMillis(TtftKind.REASONING)).hasValue(10);
    assertThat(m.ttftMillis(TtftKind.CONTENT)).as("the chunk carrying both").hasValue(20);
    assertThat(m.ttftMillis(TtftKind.TOOL_CALL)).hasValue(30);
    assertThat(m.finishReason()).as("no finish reason").isEmpty();
  }

  @Test
  void parallelCallsAreCountedByIndexAndUsageWinsForEveryApi() {
    List<SampleStreams.Sample> samples =
        List.of(
            OtherApiSamples.CHAT_TOOL_CALLS, OtherApiSamples.RESPONSES, OtherApiSamples.MESSAGES);
    int[] calls = {2, 1, 1};
    int[] usage = {24, 87, 89};
    String[] finish = {"tool_calls", "tool_calls", "tool_use"};
    for (int i = 0; i < samples.size(); i++) {
      SampleStreams.Sample sample = samples.get(i);
      StreamTimeline timeline = new StreamTimeline(0).headers(5);
      long at = 10;
      for (SseEvent event : new SseDecoder().feed(sample.body().getBytes(StandardCharsets.UTF_8))) {
        timeline.event(at, sample.classify(event));
        at += 10;
      }
      RequestMetrics m = RequestMetrics.of(timeline.end(at));

      assertThat(m.toolCalls()).as("%s calls", sample).isEqualTo(calls[i]);
      assertThat(m.outputTokens()).as("%s usage", sample).hasValue(usage[i]);
      assertThat(m.outputTokensSource()).isEqualTo("usage");
      assertThat(m.finishReason()).as("%s finish", sample).hasValue(finish[i]);
      assertThat(m.sawDone()).as("%s ends with its DONE event", sample).isTrue();
      assertThat(m.firstToolCallMillis()).as("%s ttftc", sample).isPresent();
    }
  }

  @Test
  void answersJoinToolCallPiecesByIndex() {
    StreamAnswer chat = answer(OtherApiSamples.CHAT_TOOL_CALLS);
    StreamAnswer responses = answer(OtherApiSamples.RESPONSES);
    StreamAnswer messages = answer(OtherApiSamples.MESSAGES);

    assertThat(chat.text()).isEmpty();
    assertThat(chat.toolCalls())
        .containsExactly(
            new StreamAnswer.ToolCall("call_a", "get_weather", "{\"city\": \"Zürich\"}"),
            new StreamAnswer.ToolCall("call_b", "get_time", "{\"tz\": \"東京\"}"));
    assertThat(responses.text()).as("reasoning left out").isEqualTo("Checking ☁");
    assertThat(responses.toolCalls())
        .containsExactly(
            new StreamAnswer.ToolCall("call_r1", "get_weather", "{\"city\":\"Köln\"}"));
    assertThat(messages.text()).isEqualTo("Let me check 🌦");
    assertThat(messages.toolCalls())
        .containsExactly(
            new StreamAnswer.ToolCall("toolu_01", "get_weather", "{\"city\": \"Paris\"}"));
  }

  @Test
  void anAnswerLeavesOutTheReasoningOfAChunkCarryingBoth() {
    StreamAnswer answer =
        StreamAnswer.of(
            List.of(
                chat("{'choices':[{'delta':{'reasoning_content':'hmm','content':'Yes'}}]}"),
                chat("{'choices':[{'delta':{'content':'.'}}]}")));

    assertThat(answer.text()).isEqualTo("Yes.");
    assertThat(answer.toolCalls()).isEmpty();
  }

  private static StreamAnswer answer(SampleStreams.Sample sample) {
    return StreamAnswer.of(
        new SseDecoder()
            .feed(sample.body().getBytes(StandardCharsets.UTF_8)).stream()
                .map(sample::classify)
                .toList());
  }
}
