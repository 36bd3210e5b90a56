package dev.ttftgap.profile;

import java.util.Optional;

/** Request shapes for tests, parsed from a profile's {@code request} object as written. */
final class RequestShapes {
  private RequestShapes() {}

  /**
   * A single fixed request (seed 1, 64 tokens, temperature 0) with every traffic option at its
   * default: distinct prompts, nothing shared, no extra header or body field.
   */
  static RequestShape single(
      Optional<String> model,
      Optional<String> prompt,
      Optional<Integer> promptTokens,
      boolean usage,
      boolean metrics,
      Optional<String> system) {
    return new RequestShape(
        model,
        new RequestShape.Prompt(
            prompt, promptTokens, Optional.empty(), 1, PromptMode.DISTINCT, system, 0),
        new RequestShape.Output(64, Optional.empty(), 0.0, false),
        new RequestShape.StreamOptions(usage, metrics),
        RequestShape.Extras.NONE,
        Optional.empty(),
        Optional.empty(),
        ApiShape.CHAT);
  }

  /** The shape of {@code requestJson} in a minimal profile named {@code test.json}. */
  static RequestShape parse(String requestJson) {
    return LoadProfiles.parse(
            "{\"name\": \"t\", \"request\": "
                + requestJson
                + ", \"load\": {\"steps\": [1], \"stepDurationSeconds\": 1}}",
            "test.json")
        .request();
  }
}
