package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import dev.ttftgap.tokens.TokenCounter;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Conversations to replay, read from a JSONL file: one conversation per line, in either of the two
 * formats that chat datasets use.
 *
 * <pre>{@code
 * {"messages": [{"role": "system", "content": "..."}, {"role": "user", "content": "..."},
 *               {"role": "assistant", "content": "..."}], "max_tokens": 200}
 * {"conversations": [{"from": "human", "value": "..."}, {"from": "gpt", "value": "..."}]}
 * }</pre>
 *
 * <p>OpenAI's {@code messages} take roles {@code system}, {@code user}, {@code assistant};
 * ShareGPT's {@code conversations} take {@code from} {@code system}, {@code human} (or {@code
 * user}) and {@code gpt} (or {@code assistant}, {@code chatgpt}, {@code bing}, {@code bard}).
 * {@code max_tokens} is optional per line, and so is {@code tools}: OpenAI chat function tools
 * ({@code [{"type": "function", "function": {"name", "description", "parameters"}}]}) offered with
 * that line's requests instead of the profile's {@code request.tools}. Blank lines are skipped.
 * Every message is counted with jtokkit once, when the file is read.
 *
 * <p>A bad line fails with one line naming the file, the line number and the fix, e.g. {@code
 * simulations/datasets/chat.jsonl:17: messages[1].role "bot" is not system, user or assistant}.
 */
final class ChatDataset {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * One conversation of the file.
   *
   * @param line 1-based line number in the file
   * @param messages in order; at least one {@code user} message
   * @param maxTokens the line's {@code max_tokens}; empty = the profile's
   * @param tools the line's {@code tools} (chat function tools); empty = the profile's
   */
  public record Row(
      int line, List<ChatMessage> messages, Optional<Integer> maxTokens, List<ObjectNode> tools) {
    public Row {
      messages = List.copyOf(messages);
      tools = List.copyOf(tools);
    }

    /** A line without tools of its own. */
    public Row(int line, List<ChatMessage> messages, Optional<Integer> maxTokens) {
      this(line, messages, maxTokens, List.of());
    }

    /** The user messages, in order: the turns of a multi-turn replay. */
    public List<ChatMessage> userMessages() {
      return messages.stream().filter(m -> m.role().equals("user")).toList();
    }

    /** The messages up to and including the first user message: a single-turn request. */
    public List<ChatMessage> firstTurn() {
      List<ChatMessage> turn = new ArrayList<>();
      for (ChatMessage message : messages) {
        turn.add(message);
        if (message.role().equals("user")) {
          break;
        }
      }
      return turn;
    }
  }

  private final Path file;
  private final List<Row> rows;

  private ChatDataset(Path file, List<Row> rows) {
    this.file = file;
    this.rows = List.copyOf(rows);
  }

  /**
   * Reads and validates {@code file}.
   *
   * @throws ProfileException with {@code file:line: what is wrong; the fix} on the first bad line
   */
  public static ChatDataset read(Path file) {
    List<Row> rows = new ArrayList<>();
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String text;
      int line = 0;
      while ((text = reader.readLine()) != null) {
        line++;
        if (!text.isBlank()) {
          rows.add(row(file, line, text));
        }
      }
    } catch (IOException e) {
      throw new ProfileException(
          file + ": cannot read the dataset (" + e.getMessage() + "); check request.dataset");
    }
    if (rows.isEmpty()) {
      throw new ProfileException(file + ": no conversations; add one JSON object per line");
    }
    return new ChatDataset(file, rows);
  }

  public Path file() {
    return file;
  }

  public List<Row> rows() {
    return rows;
  }

  /**
   * Checks that {@code api} takes the tools a row offers.
   *
   * @throws ProfileException naming the first line with tools when {@code api} is completions
   */
  void checkToolsFit(Api api) {
    if (api != Api.COMPLETIONS) {
      return;
    }
    for (Row row : rows) {
      if (!row.tools().isEmpty()) {
        throw new ProfileException(
            file
                + ":"
                + row.line()
                + ": tools: the completions API takes no tools; use another request.api, or"
                + " remove the line's tools");
      }
    }
  }

  private static Row row(Path file, int line, String text) {
    String where = file + ":" + line + ": ";
    JsonNode root;
    try {
      root = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new ProfileException(
          where + "not valid JSON (" + JsonFields.reason(e) + "); write one JSON object per line");
    }
    if (root == null || !root.isObject()) {
      throw new ProfileException(where + "not a JSON object; write {\"messages\": [...]} per line");
    }
    boolean openAi = root.has("messages");
    boolean shareGpt = root.has("conversations");
    if (openAi == shareGpt) {
      throw new ProfileException(
          where
              + (openAi
                  ? "has both messages and conversations"
                  : "has neither messages nor conversations")
              + "; use {\"messages\": [{\"role\", \"content\"}...]} (OpenAI) or {\"conversations\":"
              + " [{\"from\", \"value\"}...]} (ShareGPT)");
    }
    String field = openAi ? "messages" : "conversations";
    JsonNode array = root.get(field);
    if (!array.isArray() || array.isEmpty()) {
      throw new ProfileException(where + field + " is not a non-empty array of messages");
    }
    List<ChatMessage> messages = new ArrayList<>();
    for (int i = 0; i < array.size(); i++) {
      messages.add(message(array.get(i), where + field + "[" + i + "]", openAi));
    }
    if (messages.stream().noneMatch(m -> m.role().equals("user"))) {
      throw new ProfileException(
          where + "no " + (openAi ? "user" : "human") + " message; a conversation needs one");
    }
    Optional<Integer> maxTokens = Optional.empty();
    JsonNode max = root.get("max_tokens");
    if (max != null && !max.isNull()) {
      if (!max.isIntegralNumber() || max.asLong() < 1 || max.asLong() > 1_000_000) {
        throw new ProfileException(
            where + "max_tokens " + max + " is not a whole number from 1 to 1000000");
      }
      maxTokens = Optional.of(max.asInt());
    }
    JsonNode toolsNode = root.get("tools");
    List<ObjectNode> tools =
        toolsNode == null || toolsNode.isNull()
            ? List.of()
            : ToolDefinitions.read(
                toolsNode,
                "tools",
                (at, message) -> new ProfileException(where + at + " " + message));
    return new Row(line, messages, maxTokens, tools);
  }

  /** One message of a row, {@code at} its place for errors; OpenAI or ShareGPT field names. */
  private static ChatMessage message(JsonNode message, String at, boolean openAi) {
    JsonNode roleNode = message.path(openAi ? "role" : "from");
    JsonNode contentNode = message.path(openAi ? "content" : "value");
    if (!roleNode.isTextual() || !contentNode.isTextual()) {
      throw new ProfileException(
          at
              + ": needs string fields "
              + (openAi ? "\"role\" and \"content\"" : "\"from\" and \"value\""));
    }
    String role = role(roleNode.asText(), openAi);
    if (role == null) {
      throw new ProfileException(
          at
              + (openAi ? ".role " : ".from ")
              + roleNode
              + " is not "
              + (openAi ? "system, user or assistant" : "system, human or gpt"));
    }
    String content = contentNode.asText();
    if (!TokenCounter.wholeCharacters(content).equals(content)) {
      // a JSON escape such as \ud800 alone is no character: no UTF-8 body can carry it
      throw new ProfileException(
          at
              + (openAi ? ".content" : ".value")
              + " holds an unpaired UTF-16 surrogate (an escape like \\ud800 alone); write"
              + " whole characters");
    }
    return ChatMessage.of(role, content);
  }

  private static String role(String role, boolean openAi) {
    if (openAi) {
      return switch (role) {
        case "system", "user", "assistant" -> role;
        default -> null;
      };
    }
    return switch (role) {
      case "system" -> "system";
      case "human", "user" -> "user";
      case "gpt", "assistant", "chatgpt", "bing", "bard" -> "assistant";
      default -> null;
    };
  }
}
