package dev.ttftgap.profile;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The {@code request} object's replay fields: the {@code dataset} file of conversations and the
 * {@code conversation} object of multi-turn users.
 */
final class ConversationProfile {
  static final List<String> FIELDS = List.of("turns", "thinkTimeSeconds", "toolResultTokens");

  private ConversationProfile() {}

  /** The {@code dataset} field's file, which must exist (relative to the working directory). */
  static Path datasetPath(JsonFields fields, String text) {
    return existingFile(fields, "dataset", text, "the JSONL file's");
  }

  /**
   * The file that field {@code name} names, which must exist (relative to the working directory);
   * {@code what} says whose path to give, e.g. {@code "the JSONL file's"}.
   */
  static Path existingFile(JsonFields fields, String name, String text, String what) {
    try {
      Path path = Path.of(text);
      if (!Files.isRegularFile(path)) {
        throw fields.error(
            fields.child(name),
            "no file " + path + " (relative to the working directory); give " + what + " path");
      }
      return path;
    } catch (InvalidPathException e) {
      throw fields.error(fields.child(name), "\"" + text + "\" is not a valid path");
    }
  }

  /** The {@code conversation} object; {@code dataset} whether a dataset gives the turns. */
  static Conversation parse(JsonFields fields, boolean dataset) {
    Optional<Integer> turns =
        fields.optionalInt("turns", 1, RequestFactory.MAX_TURNS - 1, "a number of turns");
    if (turns.isEmpty() && !dataset) {
      throw fields.error(
          fields.child("turns"),
          "missing; add \"turns\": 3 (or a dataset, whose conversations give the turns)");
    }
    double think =
        fields
            .optionalNumber(
                "thinkTimeSeconds", 0, false, 3600, "a pause", "use seconds from 0 to 3600")
            .orElse(0.0);
    int toolResultTokens =
        fields
            .optionalInt(
                "toolResultTokens", 1, RequestProfile.MAX_PROMPT_TOKENS, "a number of tokens")
            .orElse(Conversation.DEFAULT_TOOL_RESULT_TOKENS);
    return new Conversation(turns, think, toolResultTokens);
  }
}
