package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.profile.ApiShape;
import dev.ttftgap.profile.ReasoningEffort;
import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.TtftKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The run header's line about the API: what the requests speak, and where they go. */
class ApiLineTest {
  @Test
  void chatWithTtftFromAnyOutputSaysOnlyTheApiAndItsUrl() {
    assertThat(RunSetup.apiLine(ApiShape.CHAT, "http://h/v1/chat/completions"))
        .isEqualTo("API chat, POST http://h/v1/chat/completions");
  }

  @Test
  void anotherKindToolsAndReasoningAreNamed() {
    ObjectNode tool = new ObjectMapper().createObjectNode().put("type", "function");
    ApiShape messages =
        new ApiShape(
            Api.MESSAGES,
            TtftKind.CONTENT,
            List.of(tool, tool.deepCopy()),
            Optional.empty(),
            Optional.of(ReasoningEffort.LOW));
    assertThat(RunSetup.apiLine(messages, "http://h/v1/messages"))
        .isEqualTo(
            "API messages, POST http://h/v1/messages, TTFT from the first content token, 2 tools,"
                + " reasoning effort low");
  }
}
