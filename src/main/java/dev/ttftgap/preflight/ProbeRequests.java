package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpRequest;

/** The chat requests the preflight sends: the run's model, one user message, authorised. */
final class ProbeRequests {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ProbeRequests() {}

  /** A chat completion request to {@code url}, streaming (with usage) or not, at temperature 0. */
  static HttpRequest chat(
      PreflightTarget target, String url, boolean stream, String prompt, int maxTokens) {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", target.model());
    body.putArray("messages").addObject().put("role", "user").put("content", prompt);
    body.put("max_tokens", maxTokens);
    body.put("temperature", 0);
    body.put("stream", stream);
    if (stream) {
      body.putObject("stream_options").put("include_usage", true);
    }
    return TargetHttp.authorised(target, HttpRequest.newBuilder(URI.create(url)))
        .timeout(target.timeout())
        .header("Content-Type", "application/json")
        .header("Accept", stream ? "text/event-stream" : "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
        .build();
  }
}
