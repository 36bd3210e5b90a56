package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Chat tool calls, legacy completions, exact {@link Chunk#carries}, and error lines. */
class ChatToolCallsTest {

  private static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  private static Chunk chat(String singleQuoted) {
    return ChunkClassifier.classify(Api.CHAT, null, json(singleQuoted));
  }

  @Test
  void parallelToolCallPiecesKeepTheirIndexes() {
    Chunk chunk =
        chat(
            "{'id':'c','choices':[{'index':0,'delta':{'tool_calls':["
                + "{'index':0,'id':'call_a','type':'function','function':{'name':'f','arguments':''}},"
                + "{'index':1,'id':'call_b','type':'function','function':{'name':'g','arguments':'{}'}}"
                + "]}}]}");

    assertThat(chunk.kind()).as("no content or reasoning").isEqualTo(ChunkKind.TOOL_CALL);
    assertThat(chunk.toolCalls())
        .as("both pieces, empty arguments as none")
        .containsExactly(
            new ToolCallDelta(0, "call_a", "f", null), new ToolCallDelta(1, "call_b", "g", "{}"));
    assertThat(chunk.carries(TtftKind.TOOL_CALL)).isTrue();
    assertThat(chunk.carries(TtftKind.CONTENT)).isFalse();
  }

  @Test
  void aPieceWithoutAnIndexIsNumberedByPosition() {
    Chunk chunk =
        chat(
            "{'choices':[{'delta':{'tool_calls':[{'function':{'arguments':'a'}},"
                + "{'function':{'arguments':'b'}}]}}]}");

    assertThat(chunk.toolCalls()).extracting(ToolCallDelta::index).containsExactly(0, 1);
  }

  @Test
  void aPieceWithNothingInItIsNoOutput() {
    Chunk chunk =
        chat("{'choices':[{'delta':{'tool_calls':[{'index':0,'function':{'arguments':''}}]}}]}");

    assertThat(chunk.kind()).as("an empty piece").isEqualTo(ChunkKind.EMPTY);
    assertThat(chunk.toolCalls()).as("kept nowhere").isEmpty();
  }

  @Test
  void contentWithAToolCallIsContentAndCarriesBoth() {
    Chunk chunk =
        chat(
            "{'choices':[{'delta':{'content':'Sure.','tool_calls':[{'index':0,'id':'x',"
                + "'function':{'name':'f'}}]},'finish_reason':'tool_calls'}]}");

    assertThat(chunk.kind()).isEqualTo(ChunkKind.CONTENT);
    assertThat(chunk.carries(TtftKind.CONTENT)).as("content").isTrue();
    assertThat(chunk.carries(TtftKind.TOOL_CALL)).as("and the tool call").isTrue();
    assertThat(chunk.finishReason()).isEqualTo("tool_calls");
  }

  @Test
  void reasoningAndContentInOneChunkCarryBothExactly() {
    Chunk both = chat("{'choices':[{'delta':{'reasoning_content':'think','content':'answer'}}]}");
    Chunk reasoning = chat("{'choices':[{'delta':{'reasoning':'think'}}]}");
    Chunk content = chat("{'choices':[{'delta':{'content':'answer'}}]}");

    assertThat(both.carries(TtftKind.REASONING)).as("both: reasoning").isTrue();
    assertThat(both.carries(TtftKind.CONTENT)).as("both: content").isTrue();
    assertThat(both.contentText()).as("the visible part").isEqualTo("answer");
    assertThat(both.reasoning()).isEqualTo("think");
    assertThat(reasoning.carries(TtftKind.CONTENT)).as("reasoning only").isFalse();
    assertThat(reasoning.carries(TtftKind.REASONING)).isTrue();
    assertThat(content.carries(TtftKind.REASONING)).as("content only").isFalse();
    assertThat(content.carries(TtftKind.ANY)).isTrue();
  }

  @Test
  void completionsReadChoicesText() {
    Chunk text =
        ChunkClassifier.classify(
            Api.COMPLETIONS,
            null,
            json("{'id':'cmpl','choices':[{'index':0,'text':' hi','finish_reason':null}]}"));
    Chunk last =
        ChunkClassifier.classify(
            Api.COMPLETIONS,
            null,
            json("{'choices':[{'text':'','finish_reason':'length'}],'usage':null}"));

    assertThat(text.kind()).isEqualTo(ChunkKind.CONTENT);
    assertThat(text.text()).isEqualTo(" hi");
    assertThat(last.kind()).as("empty text").isEqualTo(ChunkKind.EMPTY);
    assertThat(last.finishReason()).isEqualTo("length");
    assertThat(chat("{'choices':[{'text':'hi'}]}").kind())
        .as("chat ignores choices[].text")
        .isEqualTo(ChunkKind.EMPTY);
  }

  @Test
  void doneAndEventErrorHoldForEveryApi() {
    for (Api api : Api.values()) {
      assertThat(ChunkClassifier.classify(api, null, " [DONE]\n").kind())
          .as("[DONE] on %s", api)
          .isEqualTo(ChunkKind.DONE);
      Chunk error = ChunkClassifier.classify(api, "error", "{\"message\":\"gone\"}");
      assertThat(error.kind()).as("event: error on %s", api).isEqualTo(ChunkKind.ERROR);
      assertThat(error.errorMessage()).isEqualTo("gone");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "llama.cpp|{'code':500,'message':'failed to decode','type':'server_error'}|failed to decode",
        "error object|{'error':{'message':'KV cache full','type':'x','code':503}}|KV cache full",
        "error string|{'error':'boom'}|boom",
        "type and code only|{'type':'server_error','code':500}|server_error 500",
        "code only|{'code':500}|500",
        "plain text|  upstream died  |upstream died",
        "broken JSON|{'message':|{\"message\":",
        "JSON without a message|{'x':1}|{\"x\":1}",
      })
  void errorLinesCarryTheServersMessage(String name, String value, String message) {
    Chunk chunk = ChunkClassifier.errorLine(json(value));

    assertThat(chunk.kind()).as(name).isEqualTo(ChunkKind.ERROR);
    assertThat(chunk.errorMessage()).as(name).isEqualTo(message);
  }

  @Test
  void aBlankErrorLineStillSaysSomething() {
    assertThat(ChunkClassifier.errorLine(" ").errorMessage()).isNotBlank();
    assertThat(ChunkClassifier.errorLine(null).kind()).isEqualTo(ChunkKind.ERROR);
  }
}
