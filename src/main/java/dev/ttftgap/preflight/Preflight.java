package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Checks a target before any load is sent, and says in one line what would corrupt the run.
 *
 * <p>Algorithm overview: (1) the API key's shape is checked locally; (2) {@code GET models}
 * (a 404 there is not fatal) gives the served ids; (3) one non-streaming chat request with a small
 * {@code max_tokens} checks key, model and path; (4) one streaming request ({@code stream: true},
 * {@code stream_options.include_usage: true}) is timed: headers (TTFB), each body delivery and
 * each SSE event, the first content event (TTFT) and the end. The first failing step yields a
 * {@link Diagnosis}; a 404 on the path is retried once on the alternative path ({@code /v1}
 * added, removed or undoubled) to suggest the fixed base URL.
 *
 * <p>Assumptions: OpenAI-compatible wire format; HTTP/1.1 like the load generator; the JVM
 * connects directly (it ignores {@code HTTP(S)_PROXY}), which is why those variables are only
 * named, not used.
 *
 * <p>Parameters with defaults: buffered stream = at least {@value #BUFFERED_MIN_CONTENT_EVENTS}
 * content events, the first content within {@value #BUFFERED_SPAN_MILLIS} ms of the last event,
 * and either a total of at least {@value #BUFFERED_MIN_TOTAL_MILLIS} ms or every event in one
 * read; headers "with the first token" when TTFT − TTFB ≤ max({@value #HEADERS_WITH_TOKEN_MILLIS}
 * ms, {@value #HEADERS_WITH_TOKEN_PERCENT}% of TTFT).
 */
public final class Preflight {
  static final int PLAIN_MAX_TOKENS = 8;
  static final int STREAM_MAX_TOKENS = 16;
  static final long BUFFERED_SPAN_MILLIS = 5;
  static final long BUFFERED_MIN_TOTAL_MILLIS = 200;
  static final int BUFFERED_MIN_CONTENT_EVENTS = 2;
  static final long HEADERS_WITH_TOKEN_MILLIS = 5;
  static final int HEADERS_WITH_TOKEN_PERCENT = 5;
  private static final int MAX_LISTED_MODELS = 15;
  private static final int MAX_SERVER_MESSAGE_CHARS = 160;
  private static final String PROMPT = "Reply with the single word OK.";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final PreflightTarget target;
  private final Map<String, String> env;
  private final HttpClient client;

  /** A preflight that reads proxy variables from the process environment. */
  public Preflight(PreflightTarget target) {
    this(target, System.getenv());
  }

  /**
   * @param env environment variables, only read for the proxy variables a connection diagnosis
   *     names
   */
  public Preflight(PreflightTarget target, Map<String, String> env) {
    this.target = target;
    this.env = Map.copyOf(env);
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(target.timeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** Runs the probes; never throws for target problems, returns a diagnosis instead. */
  public PreflightResult run() {
    List<String> served = new ArrayList<>();
    try {
      checkSettings();
      served.addAll(listModels());
      plainChat(served);
      return streamingProbe(served);
    } catch (Stop stop) {
      return PreflightResult.failed(stop.diagnosis, served, stop.headerTiming);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return PreflightResult.failed(
          new Diagnosis(Diagnosis.Kind.TIMEOUT, "preflight interrupted"),
          served,
          PreflightResult.UNKNOWN);
    }
  }

  private void checkSettings() throws Stop {
    for (String url : urls()) {
      try {
        URI uri = new URI(url);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
          throw stop(
              Diagnosis.Kind.BAD_SETTING,
              "base URL \"" + url + "\" is not an http(s) URL with a host: set LLM_BASE_URL to"
                  + " e.g. http://localhost:8000/v1");
        }
      } catch (java.net.URISyntaxException e) {
        throw stop(
            Diagnosis.Kind.BAD_SETTING,
            "base URL \"" + url + "\" is not a valid URL (" + e.getReason() + "): fix LLM_BASE_URL");
      }
    }
    if (target.model().isBlank()) {
      throw stop(Diagnosis.Kind.BAD_SETTING, "no model id: set LLM_MODEL to a served model id");
    }
    Optional<String> key = target.apiKey();
    if (key.isPresent()) {
      Optional<String> problem = ApiKeyShape.problem(key.get());
      if (problem.isPresent()) {
        throw stop(
            Diagnosis.Kind.API_KEY_MALFORMED,
            "the API key ("
                + ApiKeyShape.mask(key.get())
                + ") "
                + problem.get()
                + ": export LLM_API_KEY with the bare key, no quotes, spaces or line breaks");
      }
    }
  }

  private List<String> urls() {
    List<String> urls = new ArrayList<>();
    urls.add(target.chatCompletionsUrl());
    if (target.modelsUrl() != null) {
      urls.add(target.modelsUrl());
    }
    return urls;
  }

  private List<String> listModels() throws Stop, InterruptedException {
    if (target.modelsUrl() == null) {
      return List.of();
    }
    HttpRequest request =
        authorised(HttpRequest.newBuilder(URI.create(target.modelsUrl())))
            .timeout(target.timeout())
            .GET()
            .build();
    HttpResponse<String> response = send(request, target.modelsUrl());
    int status = response.statusCode();
    if (status == 401 || status == 403 || status == 429) {
      throw statusStop(status, response, target.modelsUrl(), List.of());
    }
    if (status != 200) {
      return List.of(); // not every server lists its models; the chat request decides
    }
    List<String> ids = new ArrayList<>();
    try {
      for (JsonNode model : JSON.readTree(response.body()).path("data")) {
        if (model.path("id").isTextual()) {
          ids.add(model.path("id").asText());
        }
      }
    } catch (IOException e) {
      return List.of();
    }
    return ids;
  }

  private void plainChat(List<String> served) throws Stop, InterruptedException {
    HttpRequest request = chatRequest(target.chatCompletionsUrl(), false);
    HttpResponse<String> response = send(request, target.chatCompletionsUrl());
    if (response.statusCode() != 200) {
      throw statusStop(response.statusCode(), response, target.chatCompletionsUrl(), served);
    }
  }

  private PreflightResult streamingProbe(List<String> served)
      throws Stop, InterruptedException {
    String url = target.chatCompletionsUrl();
    HttpRequest request = chatRequest(url, true);
    SseRecorder recorder = new SseRecorder();
    long startNanos = System.nanoTime();
    CompletableFuture<HttpResponse<Void>> future = client.sendAsync(request, recorder);
    HttpResponse<Void> response;
    try {
      response = future.get(target.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw stop(
          Diagnosis.Kind.TIMEOUT,
          "the streaming probe to "
              + url
              + " did not finish within "
              + seconds(target.timeout())
              + " (max_tokens "
              + STREAM_MAX_TOKENS
              + "): the server is stalled or overloaded; check it, or raise the timeout");
    } catch (ExecutionException e) {
      throw connectionStop(e.getCause(), url);
    }
    int status = response.statusCode();
    String contentType = recorder.contentType().toLowerCase(Locale.ROOT);
    if (status != 200) {
      throw statusStop(status, recorder.body(), retryAfter(response), url, served);
    }
    if (!contentType.startsWith("text/event-stream")) {
      if (contentType.contains("json")) {
        throw stop(
            Diagnosis.Kind.STREAM_IGNORED,
            PreflightResult.BUFFERED,
            "stream ignored: "
                + url
                + " answered a stream:true request with "
                + recorder.contentType()
                + " (the whole reply at once), so TTFT would equal total time: point LLM_BASE_URL"
                + " at an endpoint that streams, or make the gateway pass stream:true through");
      }
      throw stop(
          Diagnosis.Kind.WRONG_CONTENT_TYPE,
          "a stream:true request to "
              + url
              + " was answered with content type \""
              + recorder.contentType()
              + "\", not text/event-stream: check that LLM_BASE_URL points at an OpenAI-compatible"
              + " API, not a web page or proxy login");
    }
    return evaluateStream(recorder, startNanos, served, url);
  }

  private PreflightResult evaluateStream(
      SseRecorder recorder, long startNanos, List<String> served, String url) throws Stop {
    List<SseRecorder.Event> events = recorder.events();
    Optional<SseRecorder.Event> error =
        events.stream().filter(e -> e.kind() == ProbeChunks.Kind.ERROR).findFirst();
    if (error.isPresent()) {
      throw stop(
          Diagnosis.Kind.STREAM_ERROR,
          "the streaming probe to "
              + url
              + " got an error event: \""
              + serverText(ProbeChunks.errorMessage(error.get().data()))
              + "\": fix what the server says before a load run");
    }
    List<SseRecorder.Event> content =
        events.stream().filter(e -> e.kind() == ProbeChunks.Kind.CONTENT).toList();
    if (content.isEmpty()) {
      throw stop(
          Diagnosis.Kind.NO_CONTENT,
          "the stream from "
              + url
              + " ended after "
              + events.size()
              + " events without any content: no TTFT could be measured; check the model answers"
              + " (max_tokens "
              + STREAM_MAX_TOKENS
              + ") and that chunks carry choices[].delta.content");
    }
    boolean done = events.stream().anyMatch(e -> e.kind() == ProbeChunks.Kind.DONE);
    if (!done) {
      throw stop(
          Diagnosis.Kind.NO_DONE,
          "the stream from "
              + url
              + " ended without data: [DONE] (connection closed early?): every load request would"
              + " count as failed; check the server or proxy timeouts");
    }
    long firstContentNanos = content.get(0).arrivalNanos();
    long lastEventNanos = events.get(events.size() - 1).arrivalNanos();
    long ttfbNanos = recorder.headersNanos() - startNanos;
    long ttftNanos = firstContentNanos - startNanos;
    long totalNanos = recorder.endNanos() - startNanos;
    boolean oneRead = events.get(0).read() == events.get(events.size() - 1).read();
    boolean burstAtEnd =
        lastEventNanos - firstContentNanos <= TimeUnit.MILLISECONDS.toNanos(BUFFERED_SPAN_MILLIS);
    boolean longEnough = totalNanos >= TimeUnit.MILLISECONDS.toNanos(BUFFERED_MIN_TOTAL_MILLIS);
    if (content.size() >= BUFFERED_MIN_CONTENT_EVENTS && burstAtEnd && (longEnough || oneRead)) {
      throw stop(
          Diagnosis.Kind.STREAM_BUFFERED,
          PreflightResult.BUFFERED,
          String.format(
              Locale.ROOT,
              "the %d events of the stream from %s arrived all at once at the end (first token"
                  + " at %d ms, end at %d ms%s): something buffers the stream, so TTFT would equal"
                  + " total time; disable response buffering in the proxy or gateway (nginx:"
                  + " proxy_buffering off) or target the server directly",
              events.size(),
              url,
              TimeUnit.NANOSECONDS.toMillis(ttftNanos),
              TimeUnit.NANOSECONDS.toMillis(totalNanos),
              oneRead ? ", all in one read" : ""));
    }
    long gapNanos = ttftNanos - ttfbNanos;
    long toleranceNanos =
        Math.max(
            TimeUnit.MILLISECONDS.toNanos(HEADERS_WITH_TOKEN_MILLIS),
            ttftNanos * HEADERS_WITH_TOKEN_PERCENT / 100);
    String timing =
        gapNanos <= toleranceNanos ? PreflightResult.WITH_FIRST_TOKEN : PreflightResult.AT_ACCEPT;
    return new PreflightResult(
        true,
        Optional.empty(),
        served,
        timing,
        Optional.of(Duration.ofNanos(ttfbNanos)),
        Optional.of(Duration.ofNanos(ttftNanos)),
        Optional.of(Duration.ofNanos(totalNanos)));
  }

  private HttpRequest chatRequest(String url, boolean stream) {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", target.model());
    body.putArray("messages").addObject().put("role", "user").put("content", PROMPT);
    body.put("max_tokens", stream ? STREAM_MAX_TOKENS : PLAIN_MAX_TOKENS);
    body.put("temperature", 0);
    body.put("stream", stream);
    if (stream) {
      body.putObject("stream_options").put("include_usage", true);
    }
    HttpRequest.Builder builder =
        authorised(HttpRequest.newBuilder(URI.create(url)))
            .timeout(target.timeout())
            .header("Content-Type", "application/json")
            .header("Accept", stream ? "text/event-stream" : "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
    return builder.build();
  }

  private HttpRequest.Builder authorised(HttpRequest.Builder builder) {
    target.apiKey().ifPresent(key -> builder.header("Authorization", "Bearer " + key));
    return builder;
  }

  private HttpResponse<String> send(HttpRequest request, String url)
      throws Stop, InterruptedException {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw connectionStop(e, url);
    }
  }

  private Stop statusStop(int status, HttpResponse<String> response, String url, List<String> served)
      throws InterruptedException {
    return statusStop(status, response.body(), retryAfter(response), url, served);
  }

  private Stop statusStop(
      int status, String body, Optional<String> retryAfter, String url, List<String> served)
      throws InterruptedException {
    String server = serverMessage(body);
    String says = server.isEmpty() ? "" : " (server: \"" + server + "\")";
    Optional<String> key = target.apiKey();
    switch (status) {
      case 401:
      case 403:
        if (key.isEmpty()) {
          return stop(
              Diagnosis.Kind.API_KEY_MISSING,
              status
                  + " from "
                  + url
                  + says
                  + ": no API key is configured; export LLM_API_KEY (or OPENAI_API_KEY) with the"
                  + " endpoint's key");
        }
        return stop(
            Diagnosis.Kind.API_KEY_REJECTED,
            status
                + " from "
                + url
                + says
                + ": the server rejected the API key "
                + ApiKeyShape.mask(key.get())
                + "; check it is not revoked or expired and that it belongs to this endpoint"
                + (status == 403 ? " and may use model " + target.model() : ""));
      case 404:
        if (modelNotFound(body, served)) {
          return modelStop(url, says, served);
        }
        return pathStop(url, says);
      case 429:
        return stop(
            Diagnosis.Kind.RATE_LIMITED,
            "429 from "
                + url
                + " before any load was sent"
                + says
                + retryAfter.map(s -> ", Retry-After " + s).orElse("")
                + ": the endpoint is rate-limiting at rest, a load run would measure the limiter;"
                + " wait or raise the key's quota, then rerun");
      default:
        return stop(
            Diagnosis.Kind.HTTP_ERROR,
            status
                + " from "
                + url
                + says
                + (status >= 500
                    ? ": the server fails at rest; fix it before a load run"
                    : ": the endpoint rejected a minimal chat request; check LLM_MODEL and that"
                        + " LLM_BASE_URL is an OpenAI-compatible API"));
    }
  }

  private boolean modelNotFound(String body, List<String> served) {
    if (!served.isEmpty() && !served.contains(target.model())) {
      return true;
    }
    try {
      JsonNode root = JSON.readTree(body);
      JsonNode error = root.path("error");
      String text =
          (error.isTextual() ? error.asText() : error.path("message").asText(""))
              + " "
              + error.path("code").asText("")
              + " "
              + root.path("message").asText("");
      return text.toLowerCase(Locale.ROOT).contains("model");
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private Stop modelStop(String url, String says, List<String> served) {
    String model = target.model();
    if (served.isEmpty()) {
      return stop(
          Diagnosis.Kind.MODEL_NOT_FOUND,
          "model \""
              + model
              + "\" not found at "
              + url
              + says
              + "; the server lists no models"
              + (target.modelsUrl() == null ? "" : " at " + target.modelsUrl())
              + ": check the exact id in LLM_MODEL (case, '_' vs '-')");
    }
    List<String> near = NearMatches.of(model, served);
    String list =
        String.join(", ", served.subList(0, Math.min(served.size(), MAX_LISTED_MODELS)))
            + (served.size() > MAX_LISTED_MODELS
                ? " (+" + (served.size() - MAX_LISTED_MODELS) + " more)"
                : "");
    return stop(
        Diagnosis.Kind.MODEL_NOT_FOUND,
        "model \""
            + model
            + "\" is not served at "
            + url
            + says
            + (near.isEmpty() ? "" : "; near matches: " + String.join(", ", near))
            + "; served: "
            + list
            + ": set LLM_MODEL to "
            + (near.isEmpty() ? "one of the served ids" : "\"" + near.get(0) + "\"")
            + " (ids are exact)");
  }

  private Stop pathStop(String url, String says) throws InterruptedException {
    Optional<String> alternative = BaseUrlPaths.alternative(url);
    if (alternative.isPresent()) {
      HttpRequest retry = chatRequest(alternative.get(), false);
      try {
        HttpResponse<String> response = client.send(retry, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 404 || modelNotFound(response.body(), List.of())) {
          boolean hadV1 = url.contains("/v1" + BaseUrlPaths.CHAT_SUFFIX);
          return stop(
              Diagnosis.Kind.BASE_URL_PATH,
              "404 on "
                  + url
                  + " but "
                  + alternative.get()
                  + " answers "
                  + response.statusCode()
                  + ": /v1 is "
                  + (BaseUrlPaths.doubledV1(url)
                      ? "doubled"
                      : hadV1 ? "not part of this server's path" : "missing")
                  + " in the base URL; set LLM_BASE_URL="
                  + BaseUrlPaths.baseOf(alternative.get()));
        }
      } catch (IOException e) {
        // the alternative is no better; report the original 404
      }
    }
    return stop(
        Diagnosis.Kind.BASE_URL_PATH,
        "404 on "
            + url
            + says
            + alternative.map(a -> " and on " + a).orElse("")
            + ": the path is wrong; set LLM_BASE_URL to the URL that precedes /chat/completions"
            + " (usually ending in /v1)");
  }

  private Stop connectionStop(Throwable failure, String url) {
    String proxies = proxyNote();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof HttpConnectTimeoutException) {
        return stop(
            Diagnosis.Kind.TIMEOUT,
            "connect to " + url + " timed out after " + seconds(target.timeout()) + proxies);
      }
      if (t instanceof HttpTimeoutException) {
        return stop(
            Diagnosis.Kind.TIMEOUT,
            "no answer from "
                + url
                + " within "
                + seconds(target.timeout())
                + ": the server is stalled or overloaded at rest; check it before a load run");
      }
      if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
        return stop(
            Diagnosis.Kind.UNKNOWN_HOST,
            "unknown host "
                + URI.create(url).getHost()
                + " (tried "
                + url
                + "): check the host name in LLM_BASE_URL and DNS"
                + proxies);
      }
      if (t instanceof SSLException) {
        return stop(
            Diagnosis.Kind.TLS_FAILURE,
            "TLS failure talking to "
                + url
                + " ("
                + oneLine(t.getMessage())
                + "): if the server speaks plain HTTP use http:// in LLM_BASE_URL, else check its"
                + " certificate"
                + proxies);
      }
      if (t instanceof ConnectException) {
        return stop(
            Diagnosis.Kind.CONNECTION_REFUSED,
            "connection refused at "
                + url
                + ": nothing listens there; check LLM_BASE_URL (host, port) and that the server is"
                + " up"
                + proxies);
      }
    }
    return stop(
        Diagnosis.Kind.CONNECTION_FAILED,
        "connection to "
            + url
            + " failed ("
            + failure.getClass().getSimpleName()
            + (failure.getMessage() == null ? "" : ": " + oneLine(failure.getMessage()))
            + "): check LLM_BASE_URL and the server"
            + proxies);
  }

  private String proxyNote() {
    List<String> present = ProxyVariables.present(env);
    if (present.isEmpty()) {
      return "; no HTTP_PROXY, HTTPS_PROXY or ALL_PROXY variables are set";
    }
    return "; proxy variables present: "
        + String.join(", ", present)
        + " (this tool connects directly; curl and Python clients go through them: unset them if"
        + " stale)";
  }

  private static Optional<String> retryAfter(HttpResponse<?> response) {
    return response.headers().firstValue("retry-after");
  }

  /** The server's error message from an OpenAI-, vLLM- or FastAPI-shaped body, else the body. */
  private String serverMessage(String body) {
    if (body == null || body.isBlank()) {
      return "";
    }
    String message = body;
    try {
      JsonNode root = JSON.readTree(body);
      JsonNode error = root.path("error");
      if (error.isTextual()) {
        message = error.asText();
      } else if (error.path("message").isTextual()) {
        message = error.path("message").asText();
      } else if (root.path("message").isTextual()) {
        message = root.path("message").asText();
      } else if (root.path("detail").isTextual()) {
        message = root.path("detail").asText();
      }
    } catch (IOException | RuntimeException e) {
      // not JSON: keep the raw body
    }
    return serverText(message);
  }

  /** One line, bounded, with the key (should the server echo it) replaced by its mask. */
  private String serverText(String text) {
    String line = oneLine(text);
    if (target.apiKey().isPresent() && !target.apiKey().get().isBlank()) {
      String key = target.apiKey().get().strip();
      line = line.replace(key, ApiKeyShape.mask(key));
    }
    if (line.length() > MAX_SERVER_MESSAGE_CHARS) {
      line = line.substring(0, MAX_SERVER_MESSAGE_CHARS) + "…";
    }
    return line;
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.replaceAll("\\s+", " ").strip();
  }

  private static String seconds(Duration duration) {
    return duration.toMillis() % 1000 == 0
        ? duration.toSeconds() + " s"
        : duration.toMillis() + " ms";
  }

  private static Stop stop(Diagnosis.Kind kind, String line) {
    return new Stop(new Diagnosis(kind, line), PreflightResult.UNKNOWN);
  }

  private static Stop stop(Diagnosis.Kind kind, String headerTiming, String line) {
    return new Stop(new Diagnosis(kind, line), headerTiming);
  }

  /** Ends the probe sequence with a diagnosis. */
  private static final class Stop extends Exception {
    private static final long serialVersionUID = 1L;
    final transient Diagnosis diagnosis;
    final String headerTiming;

    Stop(Diagnosis diagnosis, String headerTiming) {
      super(diagnosis.line(), null, false, false);
      this.diagnosis = diagnosis;
      this.headerTiming = headerTiming;
    }
  }
}
