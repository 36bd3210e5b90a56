package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.handler.codec.http.HttpResponseStatus;

/** A request the engine refuses, with the fields of OpenAI's error JSON. */
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
