package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every API over real HTTP on loopback (a real engine on port 0): each stream read event by event,
 * with text, reasoning and tool-call turns, usage, mid-stream faults and errors in the API's shape.
 */
class ApiStreamsTest {
  /**
   * Fast steps; answers end by themselves (4 to 12 tokens) before a large max_tokens; every turn
   * offered tools calls one; half the output is reasoning when asked.
   */
  static final ModelProfile AGENTIC =
      TestProfiles.fastAnswering("agentic", new AnswerLength(8, 0.5, 4, 12)).withShares(1.0, 0.5);

  static final String TOOLS_CHAT =
      "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"parameters\":"
          + "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}}}}}]";

  static EmbeddedEngine engine;

  /** One SSE event: its {@code event:} name (null without one) and its data as JSON. */
  record Event(String name, JsonNode data) {
    String type() {
      return data.path("type").asText();
    }
  }

  @BeforeAll
  static void start() {
    engine = startAgentic();
  }

  /** An engine on port 0 serving the built-in profiles and {@link #AGENTIC}, tiny-fast default. */
  static EmbeddedEngine startAgentic() {
    List<ModelProfile> profiles = new ArrayList<>(ModelProfile.builtIns());
    profiles.add(AGENTIC);
    return EmbeddedEngine.start(
        EngineConfig.defaults().withProfiles(profiles).withProfile("tiny-fast"));
  }

  @AfterAll
  static void stop() {
    engine.close();
  }

  static StreamProbe.Result post(String path, String body, String... headers) {
    return StreamProbe.post(engine.baseUrl() + path, body, headers);
  }

  static StreamProbe.Result messages(String body, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "anthropic-version";
    all[1] = "2023-06-01";
    System.arraycopy(headers, 0, all, 2, headers.length);
    return post("/messages", body, all);
  }

  /** The events of a stream; every {@code event:} line must name its data's {@code type}. */
  static List<Event> events(StreamProbe.Result result) {
    List<Event> events = new ArrayList<>();
    String name = null;
    for (StreamProbe.Line line : result.lines()) {
      String text = line.text();
      if (text.startsWith("event: ")) {
        name = text.substring(7);
      } else if (text.startsWith("data: {")) {
        try {
          JsonNode data = StreamProbe.JSON.readTree(text.substring(6));
          if (name != null) {
            assertThat(data.path("type").asText()).as("event line = data type").isEqualTo(name);
          }
          events.add(new Event(name, data));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        name = null;
      }
    }
    return events;
  }

  /**
   * The engine's ground truth of {@code result}'s request, which it must have served as {@code
   * api}.
   */
  static GroundTruth truth(StreamProbe.Result result, String api) {
    GroundTruth truth = engine.groundTruth(result.header("x-request-id")).orElseThrow();
    assertThat(truth.api()).isEqualTo(api);
    return truth;
  }

  static List<Event> ofType(List<Event> events, String type) {
    return events.stream().filter(e -> e.type().equals(type)).toList();
  }

  @Test
  void completionsStreamTextChunksUsageAndDone() {
    StreamProbe.Result result =
        post(
            "/completions",
            "{\"model\":\"tiny-fast\",\"prompt\":\"Once upon a time\",\"max_tokens\":5,"
                + "\"stream\":true,\"stream_options\":{\"include_usage\":true}}");

    assertThat(result.status()).isEqualTo(200);
    List<JsonNode> chunks = result.dataJson();
    assertThat(chunks).hasSize(5 + 2);
    assertThat(chunks.subList(0, 5))
        .as("no role chunk: every chunk before the finish is one token of text")
        .allMatch(c -> c.path("object").asText().equals("text_completion"))
        .allMatch(c -> !c.path("choices").get(0).path("text").asText().isEmpty())
        .allMatch(c -> c.path("choices").get(0).path("finish_reason").isNull());
    assertThat(chunks.get(5).path("choices").get(0).path("finish_reason").asText())
        .isEqualTo("length");
    JsonNode usage = chunks.get(6).path("usage");
    assertThat(usage.path("completion_tokens").asInt()).isEqualTo(5);
    assertThat(usage.path("prompt_tokens").asInt())
        .isEqualTo(dev.ttftgap.tokens.TokenCounter.count("Once upon a time"));
    assertThat(result.dataLines()).last().isEqualTo("data: [DONE]");
    GroundTruth truth = truth(result, "completions");
    assertThat(truth.completionTokens()).isEqualTo(5);
    assertThat(truth.firstTextWrittenEpochMicros())
        .isEqualTo(truth.firstContentWrittenEpochMicros());
  }

  @Test
  void chatReasoningThenToolCallStreamsDeltasAndFinishesWithToolCalls() throws Exception {
    StreamProbe.Result result =
        post(
            "/chat/completions",
            "{\"model\":\"agentic\",\"stream\":true,\"reasoning_effort\":\"medium\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Weather in Paris?\"}],"
                + TOOLS_CHAT
                + "}");

    List<JsonNode> chunks = result.dataJson();
    assertThat(chunks.get(0).path("choices").get(0).path("delta").path("role").asText())
        .isEqualTo("assistant");
    List<JsonNode> deltas =
        chunks.subList(1, chunks.size() - 1).stream()
            .map(c -> c.path("choices").get(0).path("delta"))
            .toList();
    int reasoning = 0;
    StringBuilder arguments = new StringBuilder();
    for (JsonNode delta : deltas) {
      if (delta.has("reasoning_content")) {
        assertThat(arguments).as("reasoning comes before the tool call").isEmpty();
        reasoning++;
        continue;
      }
      JsonNode call = delta.path("tool_calls").get(0);
      assertThat(call.path("index").asInt()).isZero();
      if (arguments.length() == 0) {
        assertThat(call.path("id").asText()).startsWith("call_");
        assertThat(call.path("function").path("name").asText()).isEqualTo("get_weather");
      } else {
        assertThat(call.has("id")).as("only the first piece names the call").isFalse();
      }
      arguments.append(call.path("function").path("arguments").asText());
    }
    int tokens = deltas.size();
    assertThat(reasoning).isEqualTo((int) Math.round(tokens * 0.5));
    assertThat(StreamProbe.JSON.readTree(arguments.toString()).path("city").asText()).isNotEmpty();
    assertThat(chunks.get(chunks.size() - 1).path("choices").get(0).path("finish_reason").asText())
        .isEqualTo("tool_calls");
    GroundTruth truth = engine.groundTruth(result.header("x-request-id")).orElseThrow();
    assertThat(truth.completionTokens()).isEqualTo(tokens);
    assertThat(truth.firstContentWrittenEpochMicros()).as("first output of any kind").isNotNull();
    assertThat(truth.firstTextWrittenEpochMicros()).as("a tool call has no text").isNull();
  }

  @Test
  void aNonStreamingChatToolCallAnswersWithToolCallsAndReasoning() throws Exception {
    StreamProbe.Result result =
        post(
            "/chat/completions",
            "{\"model\":\"agentic\",\"stream\":false,\"reasoning_effort\":\"low\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"Weather?\"}],"
                + TOOLS_CHAT
                + "}");

    JsonNode choice = StreamProbe.JSON.readTree(result.body()).path("choices").get(0);
    assertThat(choice.path("finish_reason").asText()).isEqualTo("tool_calls");
    JsonNode message = choice.path("message");
    assertThat(message.path("content").isNull()).isTrue();
    assertThat(message.path("reasoning_content").asText()).isNotEmpty();
    JsonNode function = message.path("tool_calls").get(0).path("function");
    assertThat(function.path("name").asText()).isEqualTo("get_weather");
    assertThat(StreamProbe.JSON.readTree(function.path("arguments").asText()).has("city")).isTrue();
  }

  @Test
  void responsesStreamReasoningThenTextWithTypedEventsAndUsage() {
    StreamProbe.Result result =
        post(
            "/responses",
            "{\"model\":\"agentic\",\"input\":\"Explain\",\"stream\":true,"
                + "\"max_output_tokens\":64,\"reasoning\":{\"effort\":\"low\"}}");

    assertThat(result.status()).isEqualTo(200);
    List<Event> events = events(result);
    assertThat(events).allMatch(e -> e.name() != null);
    assertThat(events.get(0).type()).isEqualTo("response.created");
    assertThat(events.get(1).type()).isEqualTo("response.in_progress");
    for (int i = 0; i < events.size(); i++) {
      assertThat(events.get(i).data().path("sequence_number").asInt()).isEqualTo(i);
    }
    List<Event> reasoning = ofType(events, "response.reasoning_text.delta");
    List<Event> text = ofType(events, "response.output_text.delta");
    assertThat(reasoning).isNotEmpty();
    assertThat(text).isNotEmpty();
    assertThat(events.indexOf(reasoning.get(reasoning.size() - 1)))
        .isLessThan(events.indexOf(text.get(0)));
    assertThat(text.get(0).data().path("output_index").asInt()).isEqualTo(1);
    assertThat(ofType(events, "response.output_item.added")).hasSize(2);
    Event completed = events.get(events.size() - 1);
    assertThat(completed.type()).isEqualTo("response.completed");
    JsonNode response = completed.data().path("response");
    assertThat(response.path("status").asText()).isEqualTo("completed");
    JsonNode usage = response.path("usage");
    int tokens = reasoning.size() + text.size();
    assertThat(usage.path("output_tokens").asInt()).isEqualTo(tokens);
    assertThat(usage.path("output_tokens_details").path("reasoning_tokens").asInt())
        .isEqualTo(reasoning.size());
    assertThat(usage.path("total_tokens").asInt())
        .isEqualTo(usage.path("input_tokens").asInt() + tokens);
    StringBuilder answer = new StringBuilder();
    text.forEach(e -> answer.append(e.data().path("delta").asText()));
    assertThat(response.path("output").get(1).path("content").get(0).path("text").asText())
        .isEqualTo(answer.toString());
    GroundTruth truth = truth(result, "responses");
    assertThat(truth.firstTextWrittenEpochMicros())
        .as("the first text comes after the reasoning")
        .isGreaterThan(truth.firstContentWrittenEpochMicros());
  }

  @Test
  void responsesToolCallIsAFunctionCallItemWithArgumentDeltas() throws Exception {
    StreamProbe.Result result =
        post(
            "/responses",
            "{\"model\":\"agentic\",\"input\":\"Weather?\",\"stream\":true,\"tools\":[{\"type\":"
                + "\"function\",\"name\":\"get_weather\",\"parameters\":{\"type\":\"object\","
                + "\"properties\":{\"city\":{\"type\":\"string\"}}}}]}");

    List<Event> events = events(result);
    JsonNode added = ofType(events, "response.output_item.added").get(0).data().path("item");
    assertThat(added.path("type").asText()).isEqualTo("function_call");
    assertThat(added.path("name").asText()).isEqualTo("get_weather");
    StringBuilder arguments = new StringBuilder();
    ofType(events, "response.function_call_arguments.delta")
        .forEach(e -> arguments.append(e.data().path("delta").asText()));
    assertThat(StreamProbe.JSON.readTree(arguments.toString()).has("city")).isTrue();
    JsonNode done = ofType(events, "response.function_call_arguments.done").get(0).data();
    assertThat(done.path("arguments").asText()).isEqualTo(arguments.toString());
    JsonNode output = events.get(events.size() - 1).data().path("response").path("output");
    assertThat(output.get(0).path("type").asText()).isEqualTo("function_call");
    assertThat(output.get(0).path("arguments").asText()).isEqualTo(arguments.toString());
  }

  @Test
  void messagesStreamThinkingThenTextBlocksWithUsageAndStop() {
    StreamProbe.Result result =
        messages(
            "{\"model\":\"agentic\",\"max_tokens\":64,\"stream\":true,"
                + "\"thinking\":{\"type\":\"enabled\",\"budget_tokens\":1024},"
                + "\"system\":\"Be brief.\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

    assertThat(result.status()).isEqualTo(200);
    List<Event> events = events(result);
    assertThat(events).allMatch(e -> e.name() != null);
    JsonNode start = events.get(0).data();
    assertThat(start.path("type").asText()).isEqualTo("message_start");
    int input = start.path("message").path("usage").path("input_tokens").asInt();
    assertThat(input)
        .isEqualTo(
            dev.ttftgap.tokens.TokenCounter.count("Be brief.")
                + dev.ttftgap.tokens.TokenCounter.count("Hi")
                + 2 * 4
                + 3);
    assertThat(events.get(1).type()).isEqualTo("ping");
    List<Event> starts = ofType(events, "content_block_start");
    assertThat(starts).hasSize(2);
    assertThat(starts.get(0).data().path("content_block").path("type").asText())
        .isEqualTo("thinking");
    assertThat(starts.get(1).data().path("content_block").path("type").asText()).isEqualTo("text");
    assertThat(starts.get(1).data().path("index").asInt()).isEqualTo(1);
    List<String> deltaTypes =
        ofType(events, "content_block_delta").stream()
            .map(e -> e.data().path("delta").path("type").asText())
            .toList();
    long thinking = deltaTypes.stream().filter("thinking_delta"::equals).count();
    long text = deltaTypes.stream().filter("text_delta"::equals).count();
    assertThat(deltaTypes).contains("signature_delta");
    assertThat(thinking).isPositive();
    assertThat(text).isPositive();
    assertThat(ofType(events, "content_block_stop")).hasSize(2);
    Event delta = events.get(events.size() - 2);
    assertThat(delta.type()).isEqualTo("message_delta");
    assertThat(delta.data().path("delta").path("stop_reason").asText()).isEqualTo("end_turn");
    assertThat(delta.data().path("usage").path("output_tokens").asInt())
        .isEqualTo((int) (thinking + text));
    assertThat(events.get(events.size() - 1).type()).isEqualTo("message_stop");
    GroundTruth truth = truth(result, "messages");
    assertThat(truth.completionTokens()).isEqualTo((int) (thinking + text));
  }

  @Test
  void messagesToolUseStreamsInputJsonDeltasAndStopsWithToolUse() throws Exception {
    StreamProbe.Result result =
        messages(
            "{\"model\":\"agentic\",\"max_tokens\":64,\"stream\":true,\"messages\":["
                + "{\"role\":\"user\",\"content\":\"Weather?\"},"
                + "{\"role\":\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\","
                + "\"name\":\"get_weather\",\"input\":{\"city\":\"Paris\"}}]},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t1\","
                + "\"content\":\"sunny\"}]}],"
                + "\"tools\":[{\"name\":\"get_weather\",\"input_schema\":{\"type\":\"object\","
                + "\"properties\":{\"city\":{\"type\":\"string\"}}}}]}");

    List<Event> events = events(result);
    JsonNode block = ofType(events, "content_block_start").get(0).data().path("content_block");
    assertThat(block.path("type").asText()).isEqualTo("tool_use");
    assertThat(block.path("name").asText()).isEqualTo("get_weather");
    assertThat(block.path("id").asText()).startsWith("toolu_");
    StringBuilder json = new StringBuilder();
    for (Event e : ofType(events, "content_block_delta")) {
      assertThat(e.data().path("delta").path("type").asText()).isEqualTo("input_json_delta");
      json.append(e.data().path("delta").path("partial_json").asText());
    }
    assertThat(StreamProbe.JSON.readTree(json.toString()).has("city")).isTrue();
    assertThat(
            ofType(events, "message_delta")
                .get(0)
                .data()
                .path("delta")
                .path("stop_reason")
                .asText())
        .isEqualTo("tool_use");
  }

  @Test
  void messagesCutAtMaxTokensStopWithMaxTokens() {
    List<Event> events =
        events(
            messages(
                "{\"model\":\"tiny-fast\",\"max_tokens\":3,\"stream\":true,"
                    + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}"));
    assertThat(ofType(events, "content_block_delta")).hasSize(3);
    JsonNode delta = ofType(events, "message_delta").get(0).data();
    assertThat(delta.path("delta").path("stop_reason").asText()).isEqualTo("max_tokens");
    assertThat(delta.path("usage").path("output_tokens").asInt()).isEqualTo(3);
  }

  @Test
  void midStreamFaultsArriveInEachApisErrorShape() {
    List<Event> anthropic =
        events(
            messages(
                "{\"model\":\"tiny-fast\",\"max_tokens\":8,\"stream\":true,\"sim_fault\":\"error-after:2\","
                    + "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}"));
    Event error = anthropic.get(anthropic.size() - 1);
    assertThat(error.name()).isEqualTo("error");
    assertThat(error.data().path("error").path("type").asText()).isEqualTo("api_error");
    assertThat(error.data().path("error").path("message").asText())
        .contains("error after 2 tokens");

    List<Event> responses =
        events(
            post(
                "/responses",
                "{\"model\":\"tiny-fast\",\"input\":\"Hi\",\"stream\":true,\"max_output_tokens\":8,"
                    + "\"sim_fault\":\"error-after:2\"}"));
    assertThat(responses.get(responses.size() - 2).type()).isEqualTo("error");
    Event failed = responses.get(responses.size() - 1);
    assertThat(failed.type()).isEqualTo("response.failed");
    assertThat(failed.data().path("response").path("status").asText()).isEqualTo("failed");
    assertThat(failed.data().path("response").path("error").path("message").asText())
        .contains("error after 2 tokens");

    StreamProbe.Result completions =
        post(
            "/completions",
            "{\"model\":\"tiny-fast\",\"prompt\":\"Hi\",\"stream\":true,\"max_tokens\":8}",
            "X-Sim-Fault",
            "error-after:2");
    List<JsonNode> chunks = completions.dataJson();
    assertThat(chunks).hasSize(3);
    assertThat(chunks.get(2).path("error").path("code").asInt()).isEqualTo(500);
  }

  @Test
  void requestErrorsUseTheApisShape() throws Exception {
    StreamProbe.Result noVersion =
        post(
            "/messages",
            "{\"max_tokens\":3,\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}");
    assertThat(noVersion.status()).isEqualTo(400);
    JsonNode body = StreamProbe.JSON.readTree(noVersion.body());
    assertThat(body.path("type").asText()).isEqualTo("error");
    assertThat(body.path("error").path("type").asText()).isEqualTo("invalid_request_error");
    assertThat(body.path("error").path("message").asText()).contains("anthropic-version");

    StreamProbe.Result unknownModel =
        messages(
            "{\"model\":\"nope\",\"max_tokens\":3,\"stream\":true,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}");
    assertThat(unknownModel.status()).isEqualTo(404);
    assertThat(StreamProbe.JSON.readTree(unknownModel.body()).path("error").path("type").asText())
        .isEqualTo("not_found_error");

    StreamProbe.Result rejected =
        messages(
            "{\"model\":\"tiny-fast\",\"max_tokens\":3,\"stream\":true,\"sim_fault\":\"status:529\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}");
    assertThat(rejected.status()).isEqualTo(529);
    assertThat(StreamProbe.JSON.readTree(rejected.body()).path("error").path("type").asText())
        .isEqualTo("overloaded_error");
  }

  @Test
  void messagesTakeTheKeyAsXApiKeyOrBearer() throws Exception {
    try (EmbeddedEngine keyed =
        EmbeddedEngine.start(
            EngineConfig.defaults().withProfile("tiny-fast").withApiKey("sk-test"))) {
      String body =
          "{\"max_tokens\":2,\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"a\"}]}";
      String url = keyed.baseUrl() + "/messages";
      String version = "anthropic-version";
      assertThat(
              StreamProbe.post(url, body, version, "2023-06-01", "x-api-key", "sk-test").status())
          .isEqualTo(200);
      assertThat(
              StreamProbe.post(url, body, version, "2023-06-01", "Authorization", "Bearer sk-test")
                  .status())
          .isEqualTo(200);
      StreamProbe.Result wrong =
          StreamProbe.post(url, body, version, "2023-06-01", "x-api-key", "sk-wrong");
      assertThat(wrong.status()).isEqualTo(401);
      assertThat(StreamProbe.JSON.readTree(wrong.body()).path("error").path("type").asText())
          .isEqualTo("authentication_error");
      StreamProbe.Result chatWithApiKey =
          StreamProbe.post(
              keyed.baseUrl() + "/chat/completions",
              StreamProbe.chat("tiny-fast", "a", 2, true, ""),
              "x-api-key",
              "sk-test");
      assertThat(chatWithApiKey.status()).as("x-api-key is Anthropic's header only").isEqualTo(401);
    }
  }

  @Test
  void everyHeaderModeOpensEachApisStreamTheSameWay() {
    String body =
        "{\"model\":\"agentic\",\"max_tokens\":64,\"stream\":true,"
            + "\"thinking\":{\"type\":\"enabled\"},\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}";
    List<String> reference = null;
    for (HeaderMode mode : HeaderMode.values()) {
      try (EmbeddedEngine moded =
          EmbeddedEngine.start(
              EngineConfig.defaults()
                  .withProfiles(List.of(AGENTIC))
                  .withProfile("agentic")
                  .withHeaderMode(mode))) {
        StreamProbe.Result result =
            StreamProbe.post(
                moded.baseUrl() + "/messages", body, "anthropic-version", "2023-06-01");
        List<String> types = events(result).stream().map(Event::type).toList();
        assertThat(types.get(0)).as(mode.name()).isEqualTo("message_start");
        assertThat(types).as(mode.name()).last().isEqualTo("message_stop");
        if (reference == null) {
          reference = types;
        }
        assertThat(types)
            .as(mode + ": same events as " + HeaderMode.values()[0])
            .isEqualTo(reference);
        GroundTruth truth = moded.groundTruth(result.header("x-request-id")).orElseThrow();
        assertThat(truth.firstTextWrittenEpochMicros()).as(mode.name()).isNotNull();
        assertThat(truth.firstTextWrittenEpochMicros())
            .isGreaterThanOrEqualTo(truth.firstContentWrittenEpochMicros());
      }
    }
  }
}
