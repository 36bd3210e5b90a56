package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.tokens.TokenCalibration;
import dev.ttftgap.tokens.TokenCounter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestFactoryTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;

  private static RequestShape shape(String requestJson) {
    return RequestShapes.parse(requestJson);
  }

  /** The requests of a profile with this {@code request} section and no model id. */
  private static RequestFactory requests(String requestJson) {
    return RequestFactory.of(shape(requestJson), Optional.empty());
  }

  /** {@code rows} as the dataset file {@code d.jsonl}; its path. */
  private Path dataset(String rows) throws IOException {
    Path file = dir.resolve("d.jsonl");
    Files.writeString(file, rows);
    return file;
  }

  private static JsonNode body(PlannedRequest request) throws Exception {
    return MAPPER.readTree(request.json());
  }

  private static String user(PlannedRequest request) throws Exception {
    JsonNode messages = body(request).get("messages");
    return messages.get(messages.size() - 1).get("content").asText();
  }

  private static final TokenCalibration LLAMA_LIKE =
      new TokenCalibration(1.3, 12, TokenCalibration.Source.TOKENIZE);

  /** The factory of {@code requestJson}'s shape for a llama-like server, calibrated, no seed. */
  private static RequestFactory calibratedLlamaLike(String requestJson) {
    return RequestFactory.of(shape(requestJson), Optional.empty(), LLAMA_LIKE);
  }

  private static String system(PlannedRequest request) throws Exception {
    return body(request).get("messages").get(0).get("content").asText();
  }

  @Test
  void aCalibratedFactoryBuildsTheUserMessageForTheServedLengthAndRecordsTheAskedOne()
      throws Exception {
    RequestFactory requests = calibratedLlamaLike("{\"promptTokens\": 100}");

    PlannedRequest request = requests.single(3);

    assertThat(TokenCounter.count(user(request)))
        .as("(100 − 12 template tokens) / 1.3 cl100k tokens")
        .isEqualTo(68);
    assertThat(request.promptTokens()).as("asked, in the served model's tokens").isEqualTo(100);
  }

  @Test
  void aCalibratedSharedSystemPromptIsScaledByTheRatioOnly() throws Exception {
    RequestFactory requests =
        calibratedLlamaLike("{\"promptTokens\": 100, \"sharedPrefixTokens\": 260}");

    PlannedRequest request = requests.single(0);

    assertThat(TokenCounter.count(system(request))).as("260 / 1.3").isEqualTo(200);
    assertThat(requests.sharedPrefixTokens()).as("asked shared tokens").isEqualTo(260);
    assertThat(request.promptTokens()).as("asked: user + system").isEqualTo(360);
  }

  @Test
  void aTextPromptIsSentAsWrittenWithItsServedLengthPredicted() throws Exception {
    RequestFactory requests =
        calibratedLlamaLike("{\"prompt\": \"Hello there\", \"prompts\": \"repeated\"}");

    PlannedRequest request = requests.single(0);

    assertThat(user(request)).as("as written").isEqualTo("Hello there");
    assertThat(request.promptTokens())
        .as("1.3 × 2 cl100k tokens + 12")
        .isEqualTo((int) Math.round(1.3 * TokenCounter.count("Hello there") + 12));
  }

  @Test
  void withoutCalibrationTheRequestsAreAsBefore() throws Exception {
    RequestShape shape = shape("{\"promptTokens\": 100, \"sharedPrefixTokens\": 50}");

    PlannedRequest plain = RequestFactory.of(shape, Optional.empty()).single(5);
    PlannedRequest none =
        RequestFactory.of(shape, Optional.empty(), TokenCalibration.NONE).single(5);

    assertThat(none.json()).as("same body").isEqualTo(plain.json());
    assertThat(none.promptTokens()).as("cl100k tokens, user + system").isEqualTo(150);
  }

  @Test
  void usage() throws Exception {
    RequestFactory requests =
        RequestFactory.of(shape("{\"promptTokens\": 100}"), Optional.of("qwen3-8b-like"));
    PlannedRequest first = requests.single(0); // its own prompt
    PlannedRequest second = requests.single(1); // differs from the first from its first token

    assertThat(TokenCounter.encoding().encode(user(first)).get(0))
        .as("first token of request 0 vs request 1")
        .isNotEqualTo(TokenCounter.encoding().encode(user(second)).get(0));
  }

  @Test
  void distinctPromptsDifferFromTheirFirstTokenAndKeepTheirExactLength() throws Exception {
    RequestFactory requests = requests("{\"promptTokens\": 100}");
    Set<String> firstBlocks = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      PlannedRequest request = requests.single(i);
      String text = user(request);
      assertThat(TokenCounter.count(text)).as("tokens of prompt %d", i).isEqualTo(100);
      assertThat(request.promptTokens()).as("recorded tokens of prompt %d", i).isEqualTo(100);
      firstBlocks.add(text.substring(0, text.indexOf('.')));
    }
    assertThat(firstBlocks).as("distinct tags over 2000 requests").hasSize(2000);
    assertThat(requests.single(5).json())
        .as("the same index twice")
        .isEqualTo(requests.single(5).json());
    assertThat(requests.single(0).prompts()).as("prompt mode recorded").isEqualTo("distinct");
  }

  @Test
  void repeatedPromptsSendTheSameTextEveryTime() throws Exception {
    RequestFactory requests = requests("{\"promptTokens\": 100, \"prompts\": \"repeated\"}");

    assertThat(user(requests.single(0))).as("request 0 vs 1").isEqualTo(user(requests.single(1)));
    assertThat(TokenCounter.count(user(requests.single(3)))).as("tokens").isEqualTo(100);
    assertThat(requests.single(0).prompts()).as("prompt mode recorded").isEqualTo("repeated");
  }

  @Test
  void aTextPromptIsTaggedWhenDistinctAndCountedWithItsTag() throws Exception {
    RequestFactory requests = requests("{\"prompt\": \"Explain TTFT in one sentence.\"}");

    PlannedRequest a = requests.single(0);
    PlannedRequest b = requests.single(1);
    assertThat(user(a)).as("tagged text").endsWith(" Explain TTFT in one sentence.");
    assertThat(user(a)).as("request 0 vs 1").isNotEqualTo(user(b));
    assertThat(a.promptTokens()).as("counted tokens").isEqualTo(TokenCounter.count(user(a)));
    assertThat(b.promptTokens()).as("counted tokens").isEqualTo(TokenCounter.count(user(b)));
  }

  @Test
  void everyRequestSharesTheGeneratedSystemPromptAndNothingElse() throws Exception {
    RequestFactory requests = requests("{\"promptTokens\": 50, \"sharedPrefixTokens\": 300}");

    JsonNode a = body(requests.single(0)).get("messages");
    JsonNode b = body(requests.single(1)).get("messages");
    assertThat(a.get(0).get("role").asText()).as("first message role").isEqualTo("system");
    assertThat(a.get(0)).as("system message of request 0 vs 1").isEqualTo(b.get(0));
    assertThat(TokenCounter.count(a.get(0).get("content").asText()))
        .as("system tokens")
        .isEqualTo(300);
    assertThat(requests.single(0).promptTokens()).as("system + user tokens").isEqualTo(350);
    assertThat(requests.single(0).sharedPrefixTokens()).as("shared tokens recorded").isEqualTo(300);
  }

  @Test
  void lengthsFollowTheirDistributionsAndForcedOutputsAskForExactlyMaxTokens() throws Exception {
    RequestFactory requests =
        RequestFactory.of(
            shape(
                "{\"promptTokens\": {\"distribution\": \"uniform\", \"min\": 20, \"max\": 60},"
                    + " \"maxTokens\": {\"distribution\": \"normal\", \"mean\": 100, \"stddev\": 30,"
                    + " \"min\": 10, \"max\": 200}, \"forceOutputLength\": true,"
                    + " \"extraBody\": {\"chat_template_kwargs\": {\"enable_thinking\": false}}}"),
            Optional.of("m"));
    Set<Integer> promptLengths = new HashSet<>();
    Set<Integer> maxTokens = new HashSet<>();
    for (int i = 0; i < 300; i++) {
      PlannedRequest request = requests.single(i);
      JsonNode json = body(request);
      assertThat(TokenCounter.count(user(request)))
          .as("prompt %d", i)
          .isEqualTo(request.promptTokens());
      assertThat(json.get("max_tokens").asInt())
          .as("max_tokens %d", i)
          .isEqualTo(request.maxTokens());
      assertThat(json.get("min_tokens").asInt())
          .as("min_tokens = max_tokens")
          .isEqualTo(request.maxTokens());
      assertThat(json.get("ignore_eos").asBoolean()).as("ignore_eos").isTrue();
      assertThat(json.at("/chat_template_kwargs/enable_thinking").asBoolean(true))
          .as("extra body merged")
          .isFalse();
      assertThat(json.get("model").asText()).as("model").isEqualTo("m");
      assertThat(json.get("stream").asBoolean()).as("stream").isTrue();
      promptLengths.add(request.promptTokens());
      maxTokens.add(request.maxTokens());
    }
    assertThat(promptLengths)
        .as("prompt lengths")
        .allMatch(n -> n >= 20 && n <= 60)
        .hasSizeGreaterThan(30);
    assertThat(maxTokens)
        .as("max_tokens")
        .allMatch(n -> n >= 10 && n <= 200)
        .hasSizeGreaterThan(50);
  }

  @Test
  void aDatasetRowIsSentUpToItsFirstUserMessageWithItsOwnMaxTokens() throws Exception {
    Path file =
        dataset(
            "{\"messages\": [{\"role\": \"system\", \"content\": \"Be brief.\"},"
                + " {\"role\": \"user\", \"content\": \"What is TTFT?\"},"
                + " {\"role\": \"assistant\", \"content\": \"Time to first token.\"},"
                + " {\"role\": \"user\", \"content\": \"And TTFB?\"}], \"max_tokens\": 77}\n");
    RequestFactory requests = requests("{\"dataset\": \"" + file + "\"}");

    PlannedRequest request = requests.single(0);
    JsonNode messages = body(request).get("messages");
    assertThat(messages).as("system + first user message").hasSize(2);
    assertThat(messages.get(1).get("content").asText()).as("user").isEqualTo("What is TTFT?");
    assertThat(request.maxTokens()).as("the row's max_tokens").isEqualTo(77);
    assertThat(request.promptTokens())
        .as("jtokkit counts of the messages sent")
        .isEqualTo(TokenCounter.count("Be brief.") + TokenCounter.count("What is TTFT?"));
    assertThat(request.prompts()).as("mode").isEqualTo("dataset");
  }

  @Test
  void eachTurnSendsTheHistoryWithThePreviousStreamedAnswer() throws Exception {
    RequestFactory requests =
        requests(
            "{\"promptTokens\": 30, \"sharedPrefixTokens\": 40,"
                + " \"conversation\": {\"turns\": 3, \"thinkTimeSeconds\": 1}}");
    ConversationState conversation = requests.conversation(4);

    PlannedRequest first = conversation.next();
    conversation.answered("The first answer.");
    PlannedRequest second = conversation.next();
    conversation.answered("The second answer.");
    PlannedRequest third = conversation.next();

    assertThat(conversation.hasNext()).as("after 3 of 3 turns").isFalse();
    assertThat(List.of(first.turn(), second.turn(), third.turn()))
        .as("turns")
        .containsExactly(1, 2, 3);
    assertThat(third.conversationId()).as("conversation id").isEqualTo("c4");
    JsonNode messages = body(third).get("messages");
    assertThat(messages).as("system, 3 user messages, 2 answers").hasSize(6);
    assertThat(messages.get(2).get("content").asText())
        .as("first answer")
        .isEqualTo("The first answer.");
    assertThat(messages.get(4).get("content").asText())
        .as("second answer")
        .isEqualTo("The second answer.");
    assertThat(third.promptTokens())
        .as("40 shared + 3 × 30 user + the two answers")
        .isEqualTo(
            40
                + 90
                + TokenCounter.count("The first answer.")
                + TokenCounter.count("The second answer."));
  }

  @Test
  void aDatasetConversationGivesItsUserTurns() throws Exception {
    Path file =
        dataset(
            "{\"conversations\": [{\"from\": \"human\", \"value\": \"Hi\"}, {\"from\": \"gpt\", \"value\": \"Hello\"},"
                + " {\"from\": \"human\", \"value\": \"Tell me more\"}]}\n");
    RequestFactory requests =
        requests("{\"dataset\": \"" + file + "\", \"conversation\": {\"thinkTimeSeconds\": 0}}");

    ConversationState conversation = requests.conversation(0);
    assertThat(conversation.turns()).as("user turns of the row").isEqualTo(2);
    assertThat(user(conversation.next())).as("turn 1").isEqualTo("Hi");
    conversation.answered("streamed");
    PlannedRequest second = conversation.next();
    assertThat(user(second)).as("turn 2").isEqualTo("Tell me more");
    assertThat(body(second).get("messages").get(1).get("content").asText())
        .as("the streamed answer, not the dataset's")
        .isEqualTo("streamed");
  }

  @Test
  void aToolCallAnswerGoesOnWithItsResultAndNoNewUserMessage() throws Exception {
    RequestFactory requests =
        requests(
            "{\"promptTokens\": 30, \"tools\": [{\"type\": \"function\", \"function\":"
                + " {\"name\": \"ls\"}}], \"conversation\": {\"turns\": 3,"
                + " \"toolResultTokens\": 50}}");
    ConversationState agent = requests.conversation(2);

    PlannedRequest first = agent.next();
    agent.answered(
        new dev.ttftgap.stream.StreamAnswer(
            "", List.of(new dev.ttftgap.stream.StreamAnswer.ToolCall("t1", "ls", "{}"))));
    PlannedRequest second = agent.next();
    agent.answered("Done.");
    PlannedRequest third = agent.next();

    assertThat(agent.hasNext()).as("3 requests of 3 turns, a tool turn among them").isFalse();
    JsonNode secondMessages = body(second).get("messages");
    assertThat(secondMessages).as("user, the call, its result").hasSize(3);
    assertThat(secondMessages.get(2).get("role").asText()).isEqualTo("tool");
    assertThat(TokenCounter.count(secondMessages.get(2).get("content").asText()))
        .as("the result's length")
        .isEqualTo(50);
    assertThat(second.promptTokens())
        .as("the user message, the call and the result")
        .isEqualTo(first.promptTokens() + TokenCounter.count("ls") + TokenCounter.count("{}") + 50);
    JsonNode thirdMessages = body(third).get("messages");
    assertThat(thirdMessages).as("then the text answer brings the next user message").hasSize(5);
    assertThat(thirdMessages.get(4).get("role").asText()).isEqualTo("user");
    assertThat(List.of(first.turn(), second.turn(), third.turn())).containsExactly(1, 2, 3);
  }

  @Test
  void aDatasetRowsToolsReplaceTheProfilesAndCompletionsRefusesThem() throws Exception {
    Path file =
        dataset(
            "{\"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}], \"tools\":"
                + " [{\"type\": \"function\", \"function\": {\"name\": \"row_tool\"}}]}\n"
                + "{\"messages\": [{\"role\": \"user\", \"content\": \"Yo\"}]}\n");
    RequestFactory requests =
        requests(
            "{\"dataset\": \""
                + file
                + "\", \"tools\": [{\"type\": \"function\", \"function\": {\"name\":"
                + " \"profile_tool\"}}]}");
    Set<String> offered = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      JsonNode json = body(requests.single(i));
      offered.add(
          json.get("messages").get(0).get("content").asText()
              + ":"
              + json.at("/tools/0/function/name").asText());
    }
    assertThat(offered).containsExactlyInAnyOrder("Hi:row_tool", "Yo:profile_tool");

    RequestShape completions = shape("{\"dataset\": \"" + file + "\", \"api\": \"completions\"}");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> RequestFactory.of(completions, Optional.empty()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            file
                + ":1: tools: the completions API takes no tools; use another request.api, or"
                + " remove the line's tools");
  }
}
