package dev.ttftgap.preflight;

import dev.ttftgap.config.TargetNetwork;
import dev.ttftgap.stream.Api;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * @param apiKeyHeader header that carries the key: {@code Authorization} (as {@code Bearer KEY}) or
 *     another name (the bare key, e.g. Azure's {@code api-key})
 * @param headers further headers every request carries (a load profile's {@code request.headers})
 * @param secrets header values read from the environment: masked in every message
 * @param api the API the run speaks: the probes send its body to its path under the API root of
 *     {@code chatCompletionsUrl} (see {@link #apiUrl(Api)}), with its header conventions
 * @param network how the target is reached: CAs, HTTP version, proxy (the load's own)
 */
public record PreflightTarget(
    String chatCompletionsUrl,
    String modelsUrl,
    Optional<String> apiKey,
    String model,
    Duration timeout,
    String apiKeyHeader,
    Map<String, String> headers,
    List<String> secrets,
    Api api,
    TargetNetwork network) {

  /**
   * A chat completions target whose key goes in {@code Authorization: Bearer}, with no other
   * header.
   */
  public PreflightTarget(
      String chatCompletionsUrl,
      String modelsUrl,
      Optional<String> apiKey,
      String model,
      Duration timeout) {
    this(
        chatCompletionsUrl,
        modelsUrl,
        apiKey,
        model,
        timeout,
        "Authorization",
        Map.of(),
        List.of(),
        Api.CHAT,
        TargetNetwork.DIRECT);
  }

  /** A target reached directly, with the JVM's CAs, over HTTP/1.1. */
  public PreflightTarget(
      String chatCompletionsUrl,
      String modelsUrl,
      Optional<String> apiKey,
      String model,
      Duration timeout,
      String apiKeyHeader,
      Map<String, String> headers,
      List<String> secrets,
      Api api) {
    this(
        chatCompletionsUrl,
        modelsUrl,
        apiKey,
        model,
        timeout,
        apiKeyHeader,
        headers,
        secrets,
        api,
        TargetNetwork.DIRECT);
  }

  public PreflightTarget {
    Objects.requireNonNull(chatCompletionsUrl, "chatCompletionsUrl");
    Objects.requireNonNull(apiKeyHeader, "apiKeyHeader");
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    secrets = List.copyOf(secrets);
    Objects.requireNonNull(apiKey, "apiKey");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(api, "api");
    Objects.requireNonNull(network, "network");
  }

  /** This target speaking {@code api} (the run's {@code request.api}); the default is chat. */
  public PreflightTarget withApi(Api api) {
    return with(api, network);
  }

  /** This target reached over {@code network} (the run's CAs, HTTP version and proxies). */
  public PreflightTarget withNetwork(TargetNetwork network) {
    return with(api, network);
  }

  private PreflightTarget with(Api newApi, TargetNetwork newNetwork) {
    return new PreflightTarget(
        chatCompletionsUrl,
        modelsUrl,
        apiKey,
        model,
        timeout,
        apiKeyHeader,
        headers,
        secrets,
        newApi,
        newNetwork);
  }

  /**
   * The endpoint of {@code api} on this target's server: the API root of {@code chatCompletionsUrl}
   * (that URL without its API path, whichever API's path it ends with) plus {@code api}'s path, the
   * query kept, e.g. {@code http://h/v1/messages}.
   */
  public String apiUrl(Api api) {
    return BaseUrlPaths.forApi(chatCompletionsUrl, api);
  }

  /** The endpoint of the run's API, where the probes go. */
  public String apiUrl() {
    return apiUrl(api);
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
        + ", headers="
        + headers.keySet()
        + ", model="
        + model
        + ", timeout="
        + timeout
        + ", api="
        + api
        + "]";
  }
}
