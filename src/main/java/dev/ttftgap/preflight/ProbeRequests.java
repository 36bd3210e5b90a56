package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import java.net.URI;
import java.net.http.HttpRequest;

/**
 * The requests the preflight sends: the run's model, one user prompt in the API's minimal body
 * ({@link ProbeBodies}), authorised the API's way ({@link TargetHttp}).
 */
final class ProbeRequests {

  private ProbeRequests() {}

  /** A chat completion request to {@code url}, streaming (with usage) or not, at temperature 0. */
  static HttpRequest chat(
      PreflightTarget target, String url, boolean stream, String prompt, int maxTokens) {
    return of(target, Api.CHAT, url, stream, prompt, maxTokens);
  }

  /** A request of {@code api}'s minimal body to {@code url}, streaming or not. */
  static HttpRequest of(
      PreflightTarget target, Api api, String url, boolean stream, String prompt, int maxTokens) {
    String body = ProbeBodies.of(api, target.model(), stream, prompt, maxTokens).toString();
    return TargetHttp.authorised(target, api, HttpRequest.newBuilder(URI.create(url)))
        .timeout(target.timeout())
        .header("Content-Type", "application/json")
        .header("Accept", stream ? "text/event-stream" : "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
