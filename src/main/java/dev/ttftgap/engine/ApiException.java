package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * A request the engine refuses, with the fields of OpenAI's error JSON; {@link #errorJson(Api)}
 * gives it in the shape of the API it came in by.
 */
final class ApiException extends RuntimeException {
  private final HttpResponseStatus status;
  private final String type;
  private final String param;
  private final String code;

  ApiException(HttpResponseStatus status, String message, String type, String param, String code) {
    super(message, null, false, false);
    this.status = status;
    this.type = type;
    this.param = param;
    this.code = code;
  }

  static ApiException badRequest(String message, String param) {
    return new ApiException(
        HttpResponseStatus.BAD_REQUEST, message, "invalid_request_error", param, null);
  }

  /** A 500 with {@code message}. */
  static ApiException serverError(String message) {
    return new ApiException(
        HttpResponseStatus.INTERNAL_SERVER_ERROR, message, "server_error", null, null);
  }

  /** The error a {@code status} fault answers with. */
  static ApiException simulatedStatus(int status) {
    return new ApiException(
        HttpResponseStatus.valueOf(status),
        "Simulated fault: status " + status,
        status >= 500 ? "server_error" : "invalid_request_error",
        null,
        null);
  }

  /** A 429 for a request that finds the waiting queue of {@code model} full. */
  static ApiException queueFull(int waiting, String model) {
    return new ApiException(
        HttpResponseStatus.TOO_MANY_REQUESTS,
        "The engine's waiting queue is full ("
            + waiting
            + " requests waiting for model "
            + model
            + "); retry later",
        "rate_limit_error",
        null,
        "rate_limit_exceeded");
  }

  HttpResponseStatus status() {
    return status;
  }

  /** The request field at fault, or null. */
  String param() {
    return param;
  }

  /**
   * The error body in {@code api}'s shape: Anthropic's {@code
   * {"type":"error","error":{"type","message"}}} for Messages, else {@link #errorJson()}.
   */
  String errorJson(Api api) {
    if (api != Api.MESSAGES) {
      return errorJson();
    }
    return anthropicError(anthropicType(status.code()), getMessage());
  }

  /** Anthropic's error object, also the data of its stream's {@code event: error}. */
  static String anthropicError(String type, String message) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.put("type", "error");
    root.putObject("error").put("type", type).put("message", message);
    return root.toString();
  }

  /** Anthropic's error type for an HTTP status, as its API documents them. */
  static String anthropicType(int status) {
    return switch (status) {
      case 400, 405, 422 -> "invalid_request_error";
      case 401 -> "authentication_error";
      case 403 -> "permission_error";
      case 404 -> "not_found_error";
      case 413 -> "request_too_large";
      case 429 -> "rate_limit_error";
      case 529, 503 -> "overloaded_error";
      default -> status >= 500 ? "api_error" : "invalid_request_error";
    };
  }

  /** OpenAI's error body: {@code {"error":{"message","type","param","code"}}}. */
  String errorJson() {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.putObject("error")
        .put("message", getMessage())
        .put("type", type)
        .put("param", param)
        .put("code", code);
    return root.toString();
  }
}
