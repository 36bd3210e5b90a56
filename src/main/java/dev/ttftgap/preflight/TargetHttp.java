package dev.ttftgap.preflight;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;

/**
 * How every preflight request reaches the target: one HTTP/1.1 client that never follows a redirect
 * (a redirect is a diagnosis, not a detour), and the target's headers and API key on each request.
 * {@link Preflight} and {@link TokenCalibrationProbe} both talk to the target; this keeps them
 * sending the same thing.
 */
final class TargetHttp {

  private TargetHttp() {}

  /** A client for {@code target}: HTTP/1.1, its connect timeout, no redirects followed. */
  static HttpClient client(PreflightTarget target) {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(target.timeout())
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }

  /**
   * {@code builder} with the target's further headers, then its API key in its header ({@code
   * Bearer KEY} in {@code Authorization}, the bare key in any other header); the same builder.
   */
  static HttpRequest.Builder authorised(PreflightTarget target, HttpRequest.Builder builder) {
    target.headers().forEach(builder::header);
    target
        .apiKey()
        .ifPresent(
            key ->
                builder.header(
                    target.apiKeyHeader(),
                    target.apiKeyHeader().equalsIgnoreCase("Authorization")
                        ? "Bearer " + key
                        : key));
    return builder;
  }
}
