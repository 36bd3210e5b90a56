package dev.ttftgap.preflight;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The endpoint a preflight checks.
 *
 * @param chatCompletionsUrl full URL of the chat completions endpoint, e.g. {@code
 *     http://localhost:8000/v1/chat/completions}
 * @param modelsUrl full URL of the models listing, e.g. {@code http://localhost:8000/v1/models};
 *     null when the target serves none
 * @param apiKey bearer key, from the environment only; empty when none is configured
 * @param model model id sent in the requests; null or blank gives a diagnosis listing the served
 *     ids
 * @param timeout connect timeout, and the limit for each probe request to complete
 */
public record PreflightTarget(
    String chatCompletionsUrl,
    String modelsUrl,
    Optional<String> apiKey,
    String model,
    Duration timeout) {

  public PreflightTarget {
    Objects.requireNonNull(chatCompletionsUrl, "chatCompletionsUrl");
    Objects.requireNonNull(apiKey, "apiKey");
    Objects.requireNonNull(timeout, "timeout");
  }

  /** Never prints the key. */
  @Override
  public String toString() {
    return "PreflightTarget[chatCompletionsUrl="
        + chatCompletionsUrl
        + ", modelsUrl="
        + modelsUrl
        + ", apiKey="
        + apiKey.map(ApiKeyShape::mask).orElse("none")
        + ", model="
        + model
        + ", timeout="
        + timeout
        + "]";
  }
}
