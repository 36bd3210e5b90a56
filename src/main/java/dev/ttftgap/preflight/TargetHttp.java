package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;

/**
 * How every preflight request reaches the target: one client of the target's network (the load's
 * CAs, HTTP version and proxy) that never follows a redirect (a redirect is a diagnosis, not a
 * detour), and the target's headers and API key on each request. {@link Preflight} and {@link
 * TokenCalibrationProbe} both talk to the target; this keeps them sending the same thing.
 *
 * <p>Messages (Anthropic) takes the key bare in {@code x-api-key}, not as {@code Authorization:
 * Bearer}, and wants {@code anthropic-version}: a target of that API whose key header is the
 * default {@code Authorization} sends it so; a header the profile names itself is kept.
 */
final class TargetHttp {
  static final String ANTHROPIC_VERSION = "2023-06-01";

  private TargetHttp() {}

  /**
   * A client for {@code target}: its network's HTTP version, proxy and CAs, its connect timeout, no
   * redirects followed.
   */
  static HttpClient client(PreflightTarget target) {
    return target.network().clientBuilder().connectTimeout(target.timeout()).build();
  }

  /**
   * {@code builder} authorised for the target's own API, see {@link #authorised(PreflightTarget,
   * Api, HttpRequest.Builder)}.
   */
  static HttpRequest.Builder authorised(PreflightTarget target, HttpRequest.Builder builder) {
    return authorised(target, target.api(), builder);
  }

  /**
   * {@code builder} with the target's further headers, then its API key in the header {@code api}
   * expects ({@code Bearer KEY} in {@code Authorization}, the bare key in any other header, {@code
   * x-api-key} for Messages), and {@code anthropic-version} for Messages; the same builder.
   */
  static HttpRequest.Builder authorised(
      PreflightTarget target, Api api, HttpRequest.Builder builder) {
    target.headers().forEach(builder::header);
    String keyHeader = keyHeader(target, api);
    target
        .apiKey()
        .ifPresent(
            key ->
                builder.header(
                    keyHeader,
                    keyHeader.equalsIgnoreCase("Authorization") ? "Bearer " + key : key));
    if (api == Api.MESSAGES
        && target.headers().keySet().stream().noneMatch("anthropic-version"::equalsIgnoreCase)) {
      builder.header("anthropic-version", ANTHROPIC_VERSION);
    }
    return builder;
  }

  /** The header that carries the key to {@code api}. */
  static String keyHeader(PreflightTarget target, Api api) {
    boolean defaultHeader = target.apiKeyHeader().equalsIgnoreCase("Authorization");
    return api == Api.MESSAGES && defaultHeader ? "x-api-key" : target.apiKeyHeader();
  }
}
