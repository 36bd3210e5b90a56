package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ResponsesGrammarTest {

  private static final QuotedEvents EVENTS = new QuotedEvents(Api.RESPONSES);

  static Stream<Arguments> kinds() {
    return Stream.of(
        Arguments.of("{'type':'response.output_text.delta','delta':'Hi'}", ChunkKind.CONTENT),
        Arguments.of("{'type':'response.output_text.delta','delta':''}", ChunkKind.EMPTY),
        Arguments.of("{'type':'response.reasoning_text.delta','delta':'so'}", ChunkKind.REASONING),
        Arguments.of(
            "{'type':'response.reasoning_summary_text.delta','delta':'so'}", ChunkKind.REASONING),
        Arguments.of(
            "{'type':'response.output_item.added','output_index':0,"
                + "'item':{'type':'message','id':'msg_1','content':[]}}",
            ChunkKind.EMPTY),
        Arguments.of("{'type':'response.content_part.added','part':{'text':''}}", ChunkKind.EMPTY),
        Arguments.of("{'type':'response.output_text.done','text':'Hi'}", ChunkKind.EMPTY),
        Arguments.of("{'type':'response.in_progress','response':{'id':'r'}}", ChunkKind.ROLE_ONLY),
        Arguments.of("{'type':'response.created'}", ChunkKind.EMPTY),
        Arguments.of("{'type':'response.web_search_call.searching'}", ChunkKind.EMPTY),
        Arguments.of("{'type':'response.completed','response':{'id':'r'}}", ChunkKind.DONE),
        Arguments.of("{'delta':'x'}", ChunkKind.MALFORMED),
        Arguments.of("{'type':42}", ChunkKind.MALFORMED),
        Arguments.of("not json", ChunkKind.MALFORMED));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void classifiesByType(String data, ChunkKind kind) {
    Chunk chunk = EVENTS.classify(data);

    assertThat(chunk.kind()).as("kind of %s", data).isEqualTo(kind);
    assertThat(chunk.isToken())
        .as("only deltas are output")
        .isEqualTo(kind == ChunkKind.CONTENT || kind == ChunkKind.REASONING);
  }

  @Test
  void theEventNameStandsInForAMissingType() {
    assertThat(EVENTS.classify("response.output_text.delta", "{'delta':'Hi'}").text())
        .as("content by event name")
        .isEqualTo("Hi");
    assertThat(
            EVENTS.classify("response.output_text.delta", "{'type':'response.completed'}").kind())
        .as("the data's type wins over the event name")
        .isEqualTo(ChunkKind.DONE);
  }

  @Test
  void aFunctionCallItemOpensAToolCallAndArgumentDeltasContinueIt() {
    Chunk added =
        EVENTS.classify(
            "{'type':'response.output_item.added','output_index':2,'item':{'type':'function_call',"
                + "'id':'fc_1','call_id':'call_9','name':'lookup','arguments':''}}");
    Chunk arguments =
        EVENTS.classify(
            "{'type':'response.function_call_arguments.delta','item_id':'fc_1','output_index':2,"
                + "'delta':'{\\'q\\':1}'}");

    assertThat(added.kind()).as("a function_call item is output").isEqualTo(ChunkKind.TOOL_CALL);
    assertThat(added.toolCalls())
        .as("numbered by output_index, the call_id its id")
        .containsExactly(new ToolCallDelta(2, "call_9", "lookup", null));
    assertThat(arguments.toolCalls())
        .as("an arguments piece of the same call")
        .containsExactly(new ToolCallDelta(2, null, null, "{\"q\":1}"));
    assertThat(
            EVENTS.classify("{'type':'response.function_call_arguments.delta','delta':''}").kind())
        .as("an empty arguments piece is no output")
        .isEqualTo(ChunkKind.EMPTY);
  }

  @Test
  void completedCarriesUsageIdAndFinishReason() {
    Chunk stop =
        EVENTS.classify(
            "{'type':'response.completed','response':{'id':'resp_7','status':'completed',"
                + "'output':[{'type':'message'}],"
                + "'usage':{'input_tokens':11,'output_tokens':22,'total_tokens':33}}}");
    Chunk tools =
        EVENTS.classify(
            "{'type':'response.completed','response':{'id':'r','output':[{'type':'reasoning'},"
                + "{'type':'function_call','arguments':'{}'}]}}");
    Chunk incomplete =
        EVENTS.classify(
            "{'type':'response.incomplete','response':{'id':'r','status':'incomplete',"
                + "'incomplete_details':{'reason':'max_output_tokens'},"
                + "'usage':{'input_tokens':1,'output_tokens':64}}}");

    assertThat(stop.kind()).as("completed ends the stream").isEqualTo(ChunkKind.DONE);
    assertThat(stop.id()).as("the response id").isEqualTo("resp_7");
    assertThat(stop.promptTokens()).as("usage.input_tokens").isEqualTo(11);
    assertThat(stop.completionTokens()).as("usage.output_tokens").isEqualTo(22);
    assertThat(stop.finishReason()).as("a message answer").isEqualTo("stop");
    assertThat(tools.finishReason()).as("a function call answer").isEqualTo("tool_calls");
    assertThat(incomplete.kind()).as("incomplete ends too").isEqualTo(ChunkKind.DONE);
    assertThat(incomplete.finishReason()).as("the reason").isEqualTo("max_output_tokens");
    assertThat(incomplete.completionTokens()).as("its usage").isEqualTo(64);
  }

  @Test
  void failedAndErrorEventsCarryTheServersMessage() {
    Chunk failed =
        EVENTS.classify(
            "{'type':'response.failed','response':{'id':'resp_f','status':'failed',"
                + "'error':{'code':'server_error','message':'The model crashed'}}}");
    Chunk error =
        EVENTS.classify(
            "{'type':'error','code':'rate_limit_exceeded','message':'Slow down','param':null}");
    Chunk named = EVENTS.classify("error", "{'type':'error','code':'ERR','message':'By name'}");
    Chunk bare = EVENTS.classify("{'type':'response.failed','response':{'id':'r'}}");

    assertThat(failed.kind()).as("failed").isEqualTo(ChunkKind.ERROR);
    assertThat(failed.errorMessage()).as("response.error.message").isEqualTo("The model crashed");
    assertThat(failed.id()).as("the response id").isEqualTo("resp_f");
    assertThat(error.errorMessage()).as("the error event's message").isEqualTo("Slow down");
    assertThat(named.errorMessage()).as("event: error").isEqualTo("By name");
    assertThat(bare.errorMessage()).as("a failure without details").isEqualTo("response failed");
  }
}
