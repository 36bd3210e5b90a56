package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.tokens.TokenCounter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChatRequestTest {
  private static final Map<String, ModelProfile> PROFILES = new LinkedHashMap<>();

  static {
    ModelProfile.builtIns().forEach(p -> PROFILES.put(p.name(), p));
  }

  private static ChatRequest parse(String json) {
    return ChatRequest.parse(
        json.getBytes(StandardCharsets.UTF_8), PROFILES, PROFILES.get("qwen3-8b-like"));
  }

  @Test
  void countsPromptTokensWithTheTokenizerPlusChatOverhead() {
    ChatRequest request =
        parse(
            "{\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Hello world\"}]}],"
                + "\"stream\":true,\"stream_options\":{\"include_usage\":true},"
                + "\"include_metrics\":true,\"max_tokens\":7}");

    assertThat(request.promptTokens())
        .isEqualTo(TokenCounter.count("Be brief.") + TokenCounter.count("Hello world") + 2 * 4 + 3);
    assertThat(request.profile().name()).as("default model").isEqualTo("qwen3-8b-like");
    assertThat(request.outputTokens()).isEqualTo(7);
    assertThat(request.finishReason()).isEqualTo("length");
    assertThat(request.stream()).isTrue();
    assertThat(request.includeUsage()).isTrue();
    assertThat(request.includeMetrics()).isTrue();
  }

  @Test
  void prefixCacheProfilesGetBlockHashesOfThePrompt() {
    ChatRequest request =
        parse(
            "{\"model\":\"tiny-fast\",\"messages\":[{\"role\":\"user\",\"content\":\""
                + "word ".repeat(100)
                + "\"}]}");

    assertThat(request.blockHashes()).hasSize((request.promptTokens() - 3) / 16);
    assertThat(request.finishReason()).as("no max_tokens").isEqualTo("stop");
    assertThat(request.outputTokens()).isEqualTo(16);
  }

  @Test
  void aPromptThatWithTheDefaultOutputExceedsTheContextIsRefusedNamingMessages() {
    String longContent = "hello ".repeat(6400);

    assertThatThrownBy(
            () -> parse("{\"messages\":[{\"role\":\"user\",\"content\":\"" + longContent + "\"}]}"))
        .as("qwen3-8b-like: max_model_len 6,400 = what its 400 KV blocks hold")
        .isInstanceOfSatisfying(
            ApiException.class,
            e -> {
              assertThat(e.status().code()).isEqualTo(400);
              assertThat(e.param()).isEqualTo("messages");
              assertThat(e.getMessage()).contains("maximum context length is 6400 tokens");
            });
  }

  @Test
  void ignoreEosAndMinTokensAreReadAndMinTokensLengthensAnAnswerWithoutMaxTokens() {
    ChatRequest forced =
        parse(
            "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":9,"
                + "\"min_tokens\":9,\"ignore_eos\":true}");
    ChatRequest longer =
        parse("{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"min_tokens\":100}");

    assertThat(forced.ignoreEos()).as("ignore_eos").isTrue();
    assertThat(forced.minTokens()).as("min_tokens").isEqualTo(9);
    assertThat(forced.outputTokens()).as("forced output").isEqualTo(9);
    assertThat(longer.outputTokens())
        .as("no max_tokens: the profile's 64, raised to min_tokens")
        .isEqualTo(100);
    assertThat(longer.finishReason()).as("finish reason").isEqualTo("stop");
  }

  @Test
  void aProfileWhoseAnswersEndByThemselvesStopsBeforeMaxTokensUnlessIgnoreEosIsSet() {
    int stopped = 0;
    for (int i = 0; i < 200; i++) {
      String user = "{\"role\":\"user\",\"content\":\"question " + i + "\"}";
      ChatRequest free =
          parse("{\"model\":\"qwen3-8b-chat-like\",\"messages\":[" + user + "],\"max_tokens\":64}");
      ChatRequest forced =
          parse(
              "{\"model\":\"qwen3-8b-chat-like\",\"messages\":["
                  + user
                  + "],\"max_tokens\":64,\"ignore_eos\":true,\"min_tokens\":64}");
      ChatRequest atLeast =
          parse(
              "{\"model\":\"qwen3-8b-chat-like\",\"messages\":["
                  + user
                  + "],\"max_tokens\":64,\"min_tokens\":40}");

      assertThat(free.outputTokens()).as("request %d: at most max_tokens", i).isBetween(4, 64);
      assertThat(free.finishReason())
          .as("request %d: finish reason of %d tokens", i, free.outputTokens())
          .isEqualTo(free.outputTokens() < 64 ? "stop" : "length");
      assertThat(forced.outputTokens()).as("request %d: ignore_eos", i).isEqualTo(64);
      assertThat(forced.finishReason()).as("request %d: ignore_eos", i).isEqualTo("length");
      assertThat(atLeast.outputTokens())
          .as("request %d: min_tokens 40", i)
          .isEqualTo(Math.max(40, free.outputTokens()));
      if (free.outputTokens() < 64) {
        stopped++;
      }
    }
    assertThat(stopped)
        .as("answers of median 48 tokens (σ 0.7) ending before 64, of 200")
        .isBetween(100, 170);
    ChatRequest plain =
        parse("{\"messages\":[{\"role\":\"user\",\"content\":\"q\"}],\"max_tokens\":64}");
    assertThat(plain.outputTokens()).as("qwen3-8b-like runs to max_tokens").isEqualTo(64);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "not an object|[1,2]|400|",
        "messages missing|{}|400|messages",
        "messages not array|{\"messages\":\"hi\"}|400|messages",
        "message without role|{\"messages\":[{\"content\":\"x\"}]}|400|messages",
        "max_tokens"
            + " text|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":\"5\"}|400|max_tokens",
        "max_tokens"
            + " fraction|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":1.5}|400|max_tokens",
        "over context|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":40000}|400|max_tokens",
        "stream not"
            + " boolean|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stream\":\"yes\"}|400|stream",
        "bad fault|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"sim_fault\":\"boom\"}|400|sim_fault",
        "duplicate"
            + " key|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stream\":true,\"stream\":false}|400|",
        "trailing" + " text|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]} extra|400|",
        "stream_options not"
            + " object|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stream\":true,\"stream_options\":\"x\"}|400|stream_options",
        "stream_options without"
            + " stream|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stream_options\":{\"include_usage\":true}}|400|stream_options",
        "include_usage not"
            + " boolean|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"stream\":true,\"stream_options\":{\"include_usage\":1}}|400|include_usage",
        "min_tokens over max_tokens|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":5,\"min_tokens\":6}|400|min_tokens",
        "min_tokens negative|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"min_tokens\":-1}|400|min_tokens",
        "ignore_eos not boolean|{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"ignore_eos\":1}|400|ignore_eos",
        "model wrong"
            + " case|{\"model\":\"Qwen3-8B-like\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}|404|model",
      })
  void rejectsBadInputNamingTheField(String name, String json, int status, String param) {
    assertThatThrownBy(() -> parse(json))
        .as(name)
        .isInstanceOfSatisfying(
            ApiException.class,
            e -> {
              assertThat(e.status().code()).isEqualTo(status);
              assertThat(e.param()).isEqualTo(param);
              assertThat(e.getMessage()).isNotBlank();
            });
  }
}
