package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ttftgap.breaker.FailureLabel;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Checks a target before any load is sent, and says in one line what would corrupt the run.
 *
 * <p>Algorithm overview: (1) the URLs and the API key's shape are checked locally (a malformed key
 * is never sent); (2) {@code GET models} gives the served ids (a 404 there is not fatal); (3) one
 * non-streaming request of the run's API ({@link PreflightTarget#api()}, its minimal body from
 * {@link ProbeBodies}, {@value #PLAIN_MAX_TOKENS} tokens) to that API's path checks key, model and
 * path; (4) one streaming request ({@value #STREAM_MAX_TOKENS} tokens, usage asked where the API
 * has the option) is timed on one {@link System#nanoTime()} clock: headers (TTFB), each body
 * delivery and SSE event, the first output event (TTFT) and the end; {@link StreamEvaluation}
 * judges it. The first failing step yields the {@link Diagnosis}. A 404 on the path is retried once
 * on the alternative path ({@code /v1} added, removed or undoubled) to suggest the fixed base URL
 * (with {@code LLM_BASE_URL_AS_IS=true} when the answering path has no version segment, which the
 * settings would otherwise extend with {@code /v1}). A 404 no alternative fixes, a 405, a non-SSE
 * answer or a stream of another API's shape makes {@link WrongApi} try the other APIs' paths (at
 * most {@value WrongApi#MAX_PROBES} requests) and name the one the server speaks.
 *
 * <p>Assumptions: the wire formats of OpenAI (chat, completions, Responses) and Anthropic
 * (Messages); the target's network ({@link PreflightTarget#network()}: CAs, HTTP version, the proxy
 * of {@code HTTPS_PROXY} / {@code HTTP_PROXY} / {@code NO_PROXY}) as the load generator uses it. A
 * failed preflight carries no timings, so samples taken while authentication or routing is broken
 * never reach statistics.
 *
 * <p>Parameters with defaults: all from {@link PreflightTarget}; the timeout bounds the connect,
 * each plain request, and the whole streaming probe.
 *
 * <p>About 330 lines, kept as one class: the four steps share one HTTP client, target and timeout
 * and read top to bottom in the order above; what each step concludes already lives apart ({@link
 * StatusDiagnoses}, {@link StreamEvaluation}, {@link SseRecorder}, {@link WrongApi}).
 */
public final class Preflight {
  static final int PLAIN_MAX_TOKENS = 8;
  static final int STREAM_MAX_TOKENS = 16;
  private static final String PROMPT = "Reply with the single word OK.";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final PreflightTarget target;
  private final HttpClient client;
  private final ServerMessages messages;
  private final StatusDiagnoses statuses;
  private final ConnectionDiagnoses connections;
  private final WrongApi wrongApi;
  private final PlannedWorkload workload;
  private final List<String> otherModels;
  private Integer announcedContextLength;

  /**
   * What the run will send: checked against the context length the models listing announces ({@code
   * max_model_len} as vLLM and the embedded engine say it, {@code context_length}, {@code
   * max_context_length}) before any chat request.
   *
   * <p>When the listing announces no context length and {@code prompt} is given, the plain chat
   * request carries the run's own prompt and {@code max_tokens}, so that a server's context-length
   * 400 is diagnosed here rather than met by every request of the load.
   *
   * @param promptTokens prompt length in tokens (system prompt included)
   * @param maxTokens {@code max_tokens} of each request
   * @param prompt the run's user prompt; null: the plain request keeps the minimal prompt
   */
  public record PlannedWorkload(int promptTokens, int maxTokens, String prompt) {
    /** A workload checked only against an announced context length. */
    public PlannedWorkload(int promptTokens, int maxTokens) {
      this(promptTokens, maxTokens, null);
    }
  }

  /** A preflight of {@code target}, reached over its network. */
  public Preflight(PreflightTarget target) {
    this(target, null, List.of());
  }

  private Preflight(PreflightTarget target, PlannedWorkload workload, List<String> others) {
    this.workload = workload;
    this.otherModels = List.copyOf(others);
    this.target = target;
    this.client = TargetHttp.client(target);
    this.messages = new ServerMessages(target.apiKey(), target.secrets());
    this.statuses = new StatusDiagnoses(target, messages);
    this.connections = new ConnectionDiagnoses(target.network(), target.timeout());
    this.wrongApi = new WrongApi(client, target);
  }

  /**
   * This preflight, also checking that {@code workload} fits the context length the server
   * announces: a run whose every request the server would refuse fails here, before the first chat
   * request.
   */
  public Preflight withWorkload(PlannedWorkload workload) {
    return new Preflight(target, workload, otherModels);
  }

  /**
   * This preflight, also checking that the models listing holds each of {@code models} (the ids an
   * experiment's arms send besides the target's model): an id it does not list fails here, naming
   * the listed ones, before any load.
   */
  public Preflight withOtherModels(List<String> models) {
    return new Preflight(target, workload, models);
  }

  /** Runs the probes; never throws for target problems, returns a diagnosis instead. */
  public PreflightResult run() {
    List<String> served = new ArrayList<>();
    try {
      LocalChecks.check(target);
      served.addAll(listModels());
      if (target.model() == null || target.model().isBlank()) {
        throw PreflightStop.of(statuses.noModel(served));
      }
      // the other ids first: they reach no chat request of the preflight
      checkListed(otherModels, served, false);
      ContextLengthCheck.check(workload, announcedContextLength, target);
      plainChat(served);
      // the server answered the id: unlisted, it ignored the id and answered from its own model
      checkListed(List.of(target.model()), served, true);
      return streamingProbe(served);
    } catch (PreflightStop stop) {
      return PreflightResult.failed(stop.diagnosis(), served, stop.headerTiming());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return PreflightResult.failed(
          new Diagnosis(Diagnosis.Kind.TIMEOUT, "preflight interrupted"),
          served,
          PreflightResult.UNKNOWN);
    }
  }

  private List<String> listModels() throws PreflightStop, InterruptedException {
    if (target.modelsUrl() == null) {
      return List.of();
    }
    HttpRequest request =
        TargetHttp.authorised(target, HttpRequest.newBuilder(URI.create(target.modelsUrl())))
            .timeout(target.timeout())
            .GET()
            .build();
    HttpResponse<String> response = send(request, target.modelsUrl());
    int status = response.statusCode();
    if (status == 401 || status == 403 || status == 429) {
      throw statusStop(
          status, response.body(), retryAfter(response), target.modelsUrl(), List.of());
    }
    if (status != 200) {
      return List.of(); // not every server lists its models; the chat request decides
    }
    List<String> ids = new ArrayList<>();
    try {
      for (JsonNode model : JSON.readTree(response.body()).path("data")) {
        if (model.path("id").isTextual()) {
          ids.add(model.path("id").asText());
          if (model.path("id").asText().equals(target.model())) {
            announcedContextLength = ContextLengthCheck.announced(model);
          }
        }
      }
    } catch (IOException e) {
      return List.of();
    }
    return ids;
  }

  /** Every id the run sends must be in the listing (when the server lists its models). */
  private void checkListed(List<String> sent, List<String> served, boolean answered)
      throws PreflightStop {
    Optional<Diagnosis> unlisted =
        ModelListing.unlisted(sent, served, target.modelsUrl(), answered, !otherModels.isEmpty());
    if (unlisted.isPresent()) {
      throw PreflightStop.of(unlisted.get());
    }
  }

  private void plainChat(List<String> served) throws PreflightStop, InterruptedException {
    String url = target.apiUrl();
    boolean asTheRun =
        workload != null && workload.prompt() != null && announcedContextLength == null;
    HttpResponse<String> response =
        send(
            asTheRun
                ? ProbeRequests.of(
                    target, target.api(), url, false, workload.prompt(), workload.maxTokens())
                : plainRequest(url),
            url);
    if (asTheRun
        && response.statusCode() == 400
        && FailureLabel.mentionsContextLength(response.body())) {
      throw PreflightStop.of(
          Diagnosis.Kind.BAD_SETTING,
          "the profile's request ("
              + workload.promptTokens()
              + " prompt tokens + "
              + workload.maxTokens()
              + " max_tokens) is refused by "
              + url
              + messages.says(response.body())
              + ": every request would be; lower request.promptTokens (or the prompt) or"
              + " request.maxTokens in the profile");
    }
    if (response.statusCode() != 200) {
      throw statusStop(response.statusCode(), response.body(), retryAfter(response), url, served);
    }
  }

  private PreflightResult streamingProbe(List<String> served)
      throws PreflightStop, InterruptedException {
    String url = target.apiUrl();
    StreamCall call;
    try {
      call = StreamCall.send(client, streamRequest(url), target.api(), target.timeout());
    } catch (TimeoutException e) {
      throw PreflightStop.of(
          Diagnosis.Kind.TIMEOUT,
          "the streaming probe to "
              + url
              + " did not finish within "
              + ConnectionDiagnoses.text(target.timeout())
              + " (max_tokens "
              + STREAM_MAX_TOKENS
              + "): the server is stalled or overloaded; check it, or raise the timeout");
    } catch (ExecutionException e) {
      throw PreflightStop.of(connections.of(e.getCause(), url));
    }
    HttpResponse<Void> response = call.response();
    if (response.statusCode() != 200) {
      throw statusStop(
          response.statusCode(), call.recorder().body(), retryAfter(response), url, served);
    }
    Optional<Diagnosis> otherApi = wrongApi.afterStream(call, url);
    if (otherApi.isPresent()) {
      throw PreflightStop.of(otherApi.get());
    }
    return StreamEvaluation.evaluate(call.recorder(), call.startNanos(), served, url, messages);
  }

  private PreflightStop statusStop(
      int status, String body, Optional<String> retryAfter, String url, List<String> served)
      throws InterruptedException {
    switch (status) {
      case 401:
      case 403:
        return PreflightStop.of(statuses.unauthorized(status, url, body));
      case 404:
        if (statuses.modelNotFound(body, served)) {
          return PreflightStop.of(statuses.modelNotFound(url, body, served));
        }
        return PreflightStop.of(pathNotFound(url, body));
      case 405:
        return PreflightStop.of(
            wrongApi.afterStatus(url, status).orElseGet(() -> statuses.other(status, url, body)));
      case 429:
        return PreflightStop.of(statuses.rateLimited(url, body, retryAfter));
      default:
        return PreflightStop.of(statuses.other(status, url, body));
    }
  }

  /** Tries the alternative path once, so the diagnosis can name the fixed base URL. */
  private Diagnosis pathNotFound(String url, String body) throws InterruptedException {
    Optional<String> alternative = BaseUrlPaths.alternative(url);
    if (alternative.isPresent()) {
      try {
        HttpResponse<String> response =
            client.send(plainRequest(alternative.get()), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 404 || ServerMessages.namesTheModel(response.body())) {
          return statuses.pathFixed(url, alternative.get(), response.statusCode());
        }
      } catch (IOException e) {
        // the alternative is no better; report the original 404
      }
    }
    Optional<Diagnosis> otherApi = wrongApi.afterStatus(url, 404);
    return otherApi.orElseGet(() -> statuses.pathWrong(url, body, alternative));
  }

  /** The run's API's minimal request to {@code url}, not streaming. */
  HttpRequest plainRequest(String url) {
    return ProbeRequests.of(target, target.api(), url, false, PROMPT, PLAIN_MAX_TOKENS);
  }

  /** The run's API's minimal streaming request to {@code url}. */
  HttpRequest streamRequest(String url) {
    return ProbeRequests.of(target, target.api(), url, true, PROMPT, STREAM_MAX_TOKENS);
  }

  private HttpResponse<String> send(HttpRequest request, String url)
      throws PreflightStop, InterruptedException {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw PreflightStop.of(connections.of(e, url));
    }
  }

  private static Optional<String> retryAfter(HttpResponse<?> response) {
    return response.headers().firstValue("retry-after");
  }
}
