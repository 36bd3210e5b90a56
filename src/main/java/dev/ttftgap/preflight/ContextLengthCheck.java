package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Whether the run's requests fit the context length the server announces in its models listing
 * ({@code max_model_len} as vLLM and the embedded engine say it, {@code context_length}, {@code
 * max_context_length}).
 */
final class ContextLengthCheck {
  private ContextLengthCheck() {}

  /**
   * Throws when the workload needs more tokens (prompt + max_tokens) than the models listing
   * announces for the target's model; nothing to check without a workload or an announcement.
   */
  static void check(
      Preflight.PlannedWorkload workload, Integer announcedContextLength, PreflightTarget target)
      throws PreflightStop {
    if (workload == null || announcedContextLength == null) {
      return;
    }
    long needed = (long) workload.promptTokens() + workload.maxTokens();
    if (needed > announcedContextLength) {
      throw PreflightStop.of(
          Diagnosis.Kind.BAD_SETTING,
          "the profile's request needs "
              + needed
              + " tokens ("
              + workload.promptTokens()
              + " prompt + "
              + workload.maxTokens()
              + " max_tokens) but "
              + target.modelsUrl()
              + " announces a context length of "
              + announcedContextLength
              + " for "
              + target.model()
              + ": every request would be refused; lower request.promptTokens (or the prompt)"
              + " or request.maxTokens in the profile");
    }
  }

  /** The context length a models listing entry announces, under the names servers use. */
  static Integer announced(JsonNode model) {
    for (String field : List.of("max_model_len", "context_length", "max_context_length")) {
      JsonNode value = model.path(field);
      if (value.canConvertToInt() && value.isIntegralNumber() && value.asInt() > 0) {
        return value.asInt();
      }
    }
    return null;
  }
}
