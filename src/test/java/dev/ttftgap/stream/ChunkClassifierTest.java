package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.SampleStreams.Expected;
import dev.ttftgap.stream.SampleStreams.Sample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ChunkClassifierTest {

  /** JSON written with single quotes, for readable test data. */
  private static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  private static Chunk classify(String singleQuoted) {
    return ChunkClassifier.classifyData(json(singleQuoted));
  }

  private static Arguments c(String name, String data, ChunkKind kind, String text) {
    return Arguments.of(name, data, kind, text);
  }

  static Stream<Arguments> edgeCases() {
    return Stream.of(
        c(
            "role with empty content",
            "{'choices':[{'delta':{'role':'assistant','content':''}}]}",
            ChunkKind.ROLE_ONLY,
            null),
        c(
            "role with null content",
            "{'choices':[{'delta':{'role':'assistant','content':null}}]}",
            ChunkKind.ROLE_ONLY,
            null),
        c(
            "null role is no role",
            "{'choices':[{'delta':{'role':null,'content':null}}]}",
            ChunkKind.EMPTY,
            null),
        c(
            "empty content, no role",
            "{'choices':[{'delta':{'content':''}}]}",
            ChunkKind.EMPTY,
            null),
        c(
            "finish chunk with empty delta",
            "{'choices':[{'delta':{},'finish_reason':'stop'}]}",
            ChunkKind.EMPTY,
            null),
        c("choice without delta", "{'choices':[{'index':0}]}", ChunkKind.EMPTY, null),
        c(
            "whitespace-only content is content",
            "{'choices':[{'delta':{'content':' '}}]}",
            ChunkKind.CONTENT,
            " "),
        c(
            "newline content is content",
            "{'choices':[{'delta':{'content':'\\n'}}]}",
            ChunkKind.CONTENT,
            "\n"),
        c(
            "role and content in one delta",
            "{'choices':[{'delta':{'role':'assistant','content':'Hi'}}]}",
            ChunkKind.CONTENT,
            "Hi"),
        c(
            "unicode escapes",
            "{'choices':[{'delta':{'content':'\\u4f60\\u597d\\ud83c\\udf0d'}}]}",
            ChunkKind.CONTENT,
            "你好🌍"),
        c(
            "content array is not text",
            "{'choices':[{'delta':{'content':[{'type':'text','text':'x'}]}}]}",
            ChunkKind.EMPTY,
            null),
        c(
            "content number is not text",
            "{'choices':[{'delta':{'content':7}}]}",
            ChunkKind.EMPTY,
            null),
        c(
            "two choices, texts joined in order",
            "{'choices':[{'index':0,'delta':{'content':'a'}},{'index':1,'delta':{'content':'b'}}]}",
            ChunkKind.CONTENT,
            "ab"),
        c(
            "second choice has the content",
            "{'choices':[{'index':0,'delta':{'role':'assistant'}},{'index':1,'delta':{'content':'b'}}]}",
            ChunkKind.CONTENT,
            "b"),
        c("null element among choices", "{'choices':[null]}", ChunkKind.EMPTY, null),
        c(
            "reasoning_content",
            "{'choices':[{'delta':{'reasoning_content':'hmm'}}]}",
            ChunkKind.REASONING,
            "hmm"),
        c(
            "reasoning (newer vLLM name)",
            "{'choices':[{'delta':{'reasoning':'hmm'}}]}",
            ChunkKind.REASONING,
            "hmm"),
        c(
            "both reasoning names counted once",
            "{'choices':[{'delta':{'reasoning':'hmm','reasoning_content':'hmm'}}]}",
            ChunkKind.REASONING,
            "hmm"),
        c(
            "empty reasoning_content falls back to reasoning",
            "{'choices':[{'delta':{'reasoning_content':'','reasoning':'r'}}]}",
            ChunkKind.REASONING,
            "r"),
        c(
            "empty reasoning with role",
            "{'choices':[{'delta':{'role':'assistant','reasoning_content':''}}]}",
            ChunkKind.ROLE_ONLY,
            null),
        c(
            "reasoning and content in one delta",
            "{'choices':[{'delta':{'reasoning_content':'think','content':'answer'}}]}",
            ChunkKind.CONTENT,
            "thinkanswer"),
        c(
            "tool call delta is a tool call",
            "{'choices':[{'delta':{'tool_calls':[{'index':0,'function':{'arguments':'{\\'a\\''}}]}}]}",
            ChunkKind.TOOL_CALL,
            null),
        c(
            "usage chunk",
            "{'id':'x','choices':[],'usage':{'prompt_tokens':3,'completion_tokens':4}}",
            ChunkKind.USAGE,
            null),
        c("empty choices without usage", "{'choices':[]}", ChunkKind.USAGE, null),
        c(
            "usage without choices",
            "{'usage':{'prompt_tokens':3,'completion_tokens':4}}",
            ChunkKind.USAGE,
            null),
        c(
            "missing choices",
            "{'id':'x','object':'chat.completion.chunk'}",
            ChunkKind.MALFORMED,
            null),
        c("null choices", "{'choices':null}", ChunkKind.MALFORMED, null),
        c(
            "choices not an array",
            "{'choices':{'delta':{'content':'x'}}}",
            ChunkKind.MALFORMED,
            null),
        c(
            "error object",
            "{'error':{'message':'Too many requests','type':'rate_limit','code':429}}",
            ChunkKind.ERROR,
            null),
        c("error string", "{'error':'upstream timed out'}", ChunkKind.ERROR, null),
        c(
            "vLLM error object",
            "{'object':'error','message':'boom','type':'BadRequestError','param':null,'code':400}",
            ChunkKind.ERROR,
            null),
        c(
            "error wins over content",
            "{'choices':[{'delta':{'content':'x'}}],'error':{'message':'cut'}}",
            ChunkKind.ERROR,
            null),
        c(
            "null error is no error",
            "{'error':null,'choices':[{'delta':{'content':'x'}}]}",
            ChunkKind.CONTENT,
            "x"),
        c(
            "false error is no error",
            "{'error':false,'choices':[{'delta':{'content':'x'}}]}",
            ChunkKind.CONTENT,
            "x"),
        c("done", "[DONE]", ChunkKind.DONE, null),
        c("done with whitespace", " [DONE]\n", ChunkKind.DONE, null),
        c("done with trailing text", "[DONE]x", ChunkKind.MALFORMED, null),
        c("plain text", "hello", ChunkKind.MALFORMED, null),
        c("empty payload", "", ChunkKind.MALFORMED, null),
        c("JSON array", "[1,2]", ChunkKind.MALFORMED, null),
        c("JSON string", "'content'", ChunkKind.MALFORMED, null),
        c("truncated object", "{'choices':[{'delta':{'content':'x", ChunkKind.MALFORMED, null),
        c("two objects", "{'choices':[]} {'choices':[]}", ChunkKind.MALFORMED, null),
        c(
            "token count beyond int",
            "{'choices':[],'usage':{'completion_tokens':99999999999}}",
            ChunkKind.MALFORMED,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("edgeCases")
  void classifiesEdgeCase(String name, String data, ChunkKind kind, String text) {
    Chunk chunk = classify(data);

    assertThat(chunk.kind()).as("kind of %s: %s", name, data).isEqualTo(kind);
    assertThat(chunk.text()).as("text of %s", name).isEqualTo(text);
    assertThat(chunk.isToken())
        .as("content, reasoning and tool calls are output")
        .isEqualTo(
            kind == ChunkKind.CONTENT
                || kind == ChunkKind.REASONING
                || kind == ChunkKind.TOOL_CALL);
    if (kind == ChunkKind.ERROR || kind == ChunkKind.MALFORMED) {
      assertThat(chunk.errorMessage()).as("a %s chunk says what is wrong", kind).isNotBlank();
    } else {
      assertThat(chunk.errorMessage()).as("only errors carry a message").isNull();
    }
  }

  @Test
  void readsIdFinishReasonAndUsage() {
    Chunk chunk =
        classify(
            "{'id':'chatcmpl-1','choices':[{'delta':{},'finish_reason':null},"
                + "{'delta':{},'finish_reason':'length'}],"
                + "'usage':{'prompt_tokens':12,'completion_tokens':null,'total_tokens':12}}");

    assertThat(chunk.id()).as("chunk id").isEqualTo("chatcmpl-1");
    assertThat(chunk.finishReason()).as("first non-null finish reason").isEqualTo("length");
    assertThat(chunk.promptTokens()).as("usage.prompt_tokens").isEqualTo(12);
    assertThat(chunk.completionTokens()).as("null completion_tokens stays undefined").isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "error.message|{'error':{'message':'Too many','code':429}}|Too many",
        "error type and code when there is no message|{'error':{'type':'overloaded','code':529}}|overloaded 529",
        "error string|{'error':'upstream timed out'}|upstream timed out",
        "vLLM top-level message|{'object':'error','message':'boom','code':400}|boom",
        "an error without any message still says so|{'error':{}}|error without a message",
      })
  void readsErrorMessageFromEachErrorShape(String shape, String data, String message) {
    assertThat(classify(data).errorMessage()).as(shape).isEqualTo(message);
  }

  @Test
  void readsNumericServerTimingsOnly() {
    Chunk vllm =
        classify(
            "{'choices':[{'delta':{},'finish_reason':'stop'}],'metrics':"
                + "{'queue_time_ms':12.5,'time_to_first_token_ms':40,'model':'x',"
                + "'nested':{'a':1},'missing':null}}");
    Chunk none = classify("{'choices':[{'delta':{'content':'x'}}]}");

    assertThat(vllm.serverTimings())
        .as("numeric fields of metrics, by original name; non-numeric ones dropped")
        .containsExactly(
            Map.entry("queue_time_ms", 12.5), Map.entry("time_to_first_token_ms", 40.0));
    assertThat(none.serverTimings()).as("no metrics gives an empty map, not null").isEmpty();
  }

  @Test
  void malformedChunkQuotesTheStartOfThePayload() {
    Chunk chunk = classify("<html>502 Bad Gateway</html>");

    assertThat(chunk.errorMessage())
        .as("what is wrong and the payload's first characters")
        .startsWith("not JSON")
        .contains("<html>502 Bad Gateway</html>");
  }

  @Test
  void serverTimingsAreUnmodifiable() {
    Chunk chunk = classify("{'choices':[],'timings':{'prompt_ms':1.5}}");

    assertThat(chunk.serverTimings()).as("timings read").containsEntry("prompt_ms", 1.5);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> chunk.serverTimings().put("x", 1.0))
        .as("a chunk is immutable")
        .isInstanceOf(UnsupportedOperationException.class);
  }

  static Stream<Sample> samples() {
    return SampleStreams.ALL.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void classifiesSampleStream(Sample sample) {
    List<Expected> fromData = new ArrayList<>();
    SseDecoder decoder = new SseDecoder();
    List<SseEvent> events = decoder.feed(sample.body().getBytes(StandardCharsets.UTF_8));
    for (SseEvent event : events) {
      fromData.add(Expected.of(sample.classify(event)));
    }

    assertThat(fromData).as("chunks of the %s stream", sample.name()).isEqualTo(sample.expected());
    assertThat(decoder.finish()).as("the stream ends on an event boundary").isFalse();
  }

  @Test
  void samplesCarryUsageTimingsAndErrors() {
    List<Chunk> vllm = classifyAll(SampleStreams.VLLM);
    List<Chunk> llama = classifyAll(SampleStreams.LLAMA_CPP);
    List<Chunk> limited = classifyAll(SampleStreams.RATE_LIMITED);

    assertThat(vllm.get(0).id()).as("vLLM chunk id").isEqualTo("chatcmpl-7f3a");
    assertThat(vllm.get(4).serverTimings())
        .as("vLLM metrics on the finish chunk")
        .containsEntry("queue_time_ms", 812.5)
        .containsEntry("model_forward_time_ms", 41.0);
    assertThat(vllm.get(5).completionTokens()).as("vLLM usage.completion_tokens").isEqualTo(5);
    assertThat(vllm.get(5).promptTokens()).as("vLLM usage.prompt_tokens").isEqualTo(21);
    assertThat(llama.get(2).serverTimings())
        .as("llama.cpp timings on the finish chunk")
        .containsEntry("prompt_ms", 35.2)
        .containsEntry("predicted_n", 3.0)
        .hasSize(8);
    assertThat(llama.get(2).completionTokens()).as("llama.cpp usage").isEqualTo(3);
    assertThat(limited.get(0).errorMessage())
        .as("rate limiter's message")
        .isEqualTo("Rate limit exceeded: 60 requests per minute. Réessayez.");
  }

  private static List<Chunk> classifyAll(Sample sample) {
    return new SseDecoder()
        .feed(sample.body().getBytes(StandardCharsets.UTF_8)).stream()
            .map(sample::classify)
            .toList();
  }
}
