package dev.ttftgap.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ttftgap.tokens.TokenCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ChatDatasetTest {
  @TempDir Path dir;

  private Path file(String... lines) throws Exception {
    Path file = dir.resolve("chats.jsonl");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  @Test
  void readsOpenAiMessagesAndShareGptConversationsWithTokenCounts() throws Exception {
    ChatDataset dataset =
        ChatDataset.read(
            file(
                "{\"messages\": [{\"role\": \"system\", \"content\": \"Be brief.\"},"
                    + " {\"role\": \"user\", \"content\": \"What is a KV cache?\"}],"
                    + " \"max_tokens\": 120}",
                "",
                "{\"conversations\": [{\"from\": \"human\", \"value\": \"Hi there\"},"
                    + " {\"from\": \"gpt\", \"value\": \"Hello!\"},"
                    + " {\"from\": \"human\", \"value\": \"Bye\"}]}"));

    assertThat(dataset.rows()).as("rows (the blank line skipped)").hasSize(2);
    ChatDataset.Row openAi = dataset.rows().get(0);
    assertThat(openAi.line()).as("line of row 1").isEqualTo(1);
    assertThat(openAi.maxTokens()).as("max_tokens of row 1").isEqualTo(Optional.of(120));
    assertThat(openAi.messages().get(1).tokens())
        .as("jtokkit count of the user message")
        .isEqualTo(TokenCounter.count("What is a KV cache?"));
    ChatDataset.Row shareGpt = dataset.rows().get(1);
    assertThat(shareGpt.line()).as("line of row 2").isEqualTo(3);
    assertThat(shareGpt.messages())
        .extracting(ChatMessage::role)
        .as("roles mapped")
        .containsExactly("user", "assistant", "user");
    assertThat(shareGpt.userMessages())
        .extracting(ChatMessage::content)
        .as("turns")
        .containsExactly("Hi there", "Bye");
    assertThat(shareGpt.firstTurn()).as("first turn").hasSize(1);
    assertThat(shareGpt.maxTokens()).as("no max_tokens").isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "not JSON|{\"messages\": [|:2: not valid JSON",
        "neither format|{\"prompt\": \"hi\"}|:2: has neither messages nor conversations",
        "both formats|{\"messages\": [], \"conversations\": []}|:2: has both messages and conversations",
        "empty messages|{\"messages\": []}|:2: messages is not a non-empty array",
        "unknown role|{\"messages\": [{\"role\": \"bot\", \"content\": \"x\"}]}|:2: messages[0].role \"bot\" is not system, user or assistant",
        "unknown from|{\"conversations\": [{\"from\": \"robot\", \"value\": \"x\"}]}|:2: conversations[0].from \"robot\" is not system, human or gpt",
        "content not a string|{\"messages\": [{\"role\": \"user\", \"content\": 3}]}|:2: messages[0]: needs string fields",
        "no user message|{\"messages\": [{\"role\": \"system\", \"content\": \"x\"}]}|:2: no user message",
        "bad max_tokens|{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}], \"max_tokens\": 0}|:2: max_tokens 0 is not a whole number",
        "tools not an array|{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}], \"tools\": 1}|:2: tools 1 is not an array of tools",
        "tool without a name|{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}], \"tools\": [{\"type\": \"function\", \"function\": {}}]}|:2: tools[0].function.name missing; use 1 to 64 letters",
      })
  void aBadLineFailsWithOneLineNamingTheFileAndLine(String name, String line, String expected)
      throws Exception {
    Path file = file("{\"messages\": [{\"role\": \"user\", \"content\": \"fine\"}]}", line);

    assertThatThrownBy(() -> ChatDataset.read(file))
        .as(name)
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(file + expected)
        .hasMessageNotContaining("\n");
  }

  @Test
  void anEmptyOrMissingFileSaysSo() throws Exception {
    Path empty = file("");
    assertThatThrownBy(() -> ChatDataset.read(empty))
        .as("empty")
        .hasMessageContaining("no conversations");
    assertThatThrownBy(() -> ChatDataset.read(dir.resolve("missing.jsonl")))
        .as("missing")
        .hasMessageContaining("cannot read the dataset");
  }

  @Test
  void aLineMayOfferItsOwnTools() throws Exception {
    ChatDataset dataset =
        ChatDataset.read(
            file(
                "{\"messages\": [{\"role\": \"user\", \"content\": \"List files\"}],"
                    + " \"tools\": [{\"type\": \"function\", \"function\": {\"name\":"
                    + " \"ls\", \"parameters\": {\"type\": \"object\"}}}]}",
                "{\"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}"));
    assertThat(dataset.rows().get(0).tools()).hasSize(1);
    assertThat(ToolDefinitions.name(dataset.rows().get(0).tools().get(0))).isEqualTo("ls");
    assertThat(dataset.rows().get(1).tools()).as("none: the profile's").isEmpty();
  }
}
