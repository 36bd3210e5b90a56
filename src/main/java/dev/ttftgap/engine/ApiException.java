package dev.ttftgap.engine;

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

  HttpResponseStatus status() {
    return status;
  }

  String type() {
    return type;
  }

  String param() {
    return param;
  }

  String code() {
    return code;
  }
}
