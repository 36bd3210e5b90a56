package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MessagesGrammarTest {

  private static final QuotedEvents EVENTS = new QuotedEvents(Api.MESSAGES);

  /** Each row: an event's data (single-quoted JSON) | the kind it classifies as. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          {'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':'a'}}            | CONTENT
          {'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':''}}             | EMPTY
          {'type':'content_block_delta','index':0,'delta':{'type':'thinking_delta','thinking':'hm'}}   | REASONING
          {'type':'content_block_delta','index':0,'delta':{'type':'signature_delta','signature':'Eq'}} | EMPTY
          {'type':'content_block_delta','index':0,'delta':{'type':'citations_delta'}}                  | EMPTY
          {'type':'content_block_start','index':0,'content_block':{'type':'text','text':''}}           | EMPTY
          {'type':'content_block_stop','index':0}                                                      | EMPTY
          {'type':'ping'}                                                                              | EMPTY
          {'type':'message_stop'}                                                                      | DONE
          {'type':'some_future_event','x':[1,{}]}                                                      | EMPTY
          {'index':0}                                                                                  | MALFORMED
          [1]                                                                                          | MALFORMED
          """)
  void classifiesByType(String data, ChunkKind kind) {
    assertThat(EVENTS.classify(data).kind()).as("kind of %s", data).isEqualTo(kind);
  }

  @Test
  void messageStartOpensWithTheIdAndThePromptTokens() {
    Chunk start =
        EVENTS.classify(
            "{'type':'message_start','message':{'id':'msg_1','role':'assistant','content':[],"
                + "'usage':{'input_tokens':25,'output_tokens':1}}}");

    assertThat(start.kind()).as("no output").isEqualTo(ChunkKind.ROLE_ONLY);
    assertThat(start.id()).as("message id").isEqualTo("msg_1");
    assertThat(start.promptTokens()).as("usage.input_tokens").isEqualTo(25);
    assertThat(start.completionTokens())
        .as("message_start's output_tokens is no final count")
        .isNull();
  }

  @Test
  void toolUseBlocksAreToolCallsNumberedByBlockIndex() {
    Chunk start =
        EVENTS.classify(
            "{'type':'content_block_start','index':1,'content_block':{'type':'tool_use',"
                + "'id':'toolu_1','name':'get_weather','input':{}}}");
    Chunk piece =
        EVENTS.classify(
            "{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta',"
                + "'partial_json':'{\\'city\\''}}");
    Chunk empty =
        EVENTS.classify(
            "{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta',"
                + "'partial_json':''}}");

    assertThat(start.kind()).as("tool_use start").isEqualTo(ChunkKind.TOOL_CALL);
    assertThat(start.toolCalls())
        .containsExactly(new ToolCallDelta(1, "toolu_1", "get_weather", null));
    assertThat(piece.toolCalls()).containsExactly(new ToolCallDelta(1, null, null, "{\"city\""));
    assertThat(empty.kind()).as("an empty partial_json is no output").isEqualTo(ChunkKind.EMPTY);
  }

  @Test
  void messageDeltaCarriesOutputTokensAndStopReason() {
    Chunk delta =
        EVENTS.classify(
            "{'type':'message_delta','delta':{'stop_reason':'tool_use','stop_sequence':null},"
                + "'usage':{'output_tokens':89}}");

    assertThat(delta.kind()).as("usage-like").isEqualTo(ChunkKind.USAGE);
    assertThat(delta.completionTokens()).as("usage.output_tokens").isEqualTo(89);
    assertThat(delta.finishReason()).as("delta.stop_reason").isEqualTo("tool_use");
  }

  @Test
  void errorsCarryTheMessageOrTheType() {
    Chunk overloaded =
        EVENTS.classify(
            "{'type':'error','error':{'type':'overloaded_error','message':'Overloaded'}}");
    Chunk typeOnly = EVENTS.classify("{'type':'error','error':{'type':'api_error'}}");
    Chunk plain = EVENTS.classify("error", "upstream connect error");

    assertThat(overloaded.kind()).isEqualTo(ChunkKind.ERROR);
    assertThat(overloaded.errorMessage()).as("error.message").isEqualTo("Overloaded");
    assertThat(typeOnly.errorMessage()).as("error.type without a message").isEqualTo("api_error");
    assertThat(plain.errorMessage())
        .as("event: error with text data: the text")
        .isEqualTo("upstream connect error");
  }
}
