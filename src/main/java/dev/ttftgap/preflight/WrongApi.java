package dev.ttftgap.preflight;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.ChunkKind;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Tells a URL that speaks another API than the run's {@code request.api}, and which one it speaks.
 *
 * <p>Algorithm overview: the run's API is suspect when its endpoint answered 404 (not about the
 * model) or 405, or 200 with something other than {@code text/event-stream} (and not the API's own
 * whole answer: that is a stream ignored, not a wrong API), or a stream whose events have another
 * API's shape ({@link ApiShapes}), or a stream none of whose events the API's grammar recognises
 * (all {@link ChunkKind#MALFORMED}, no shape either). Only then the other APIs' endpoints on the
 * same root are each sent one minimal streaming request ({@value #PROBE_MAX_TOKENS} tokens, the
 * same key, each within the target's timeout), the API the shape suggests first: the first whose
 * answer is an event stream of its own shape is the one the server speaks, and the diagnosis names
 * it and {@code -Drequest.api}. At most {@value #MAX_PROBES} extra requests. Worked example: {@code
 * POST …/v1/messages} answers 404, {@code …/v1/chat/completions} streams {@code choices[].delta} →
 * "POST …/v1/messages answered 404; the server streams chat completions at …/v1/chat/completions:
 * set -Drequest.api=chat".
 *
 * <p>When no other endpoint streams, the caller keeps its own diagnosis (a wrong base path, a
 * non-streaming gateway…), except for a stream of another API's shape: that shape names the API.
 */
final class WrongApi {
  static final int MAX_PROBES = 3;
  static final int PROBE_MAX_TOKENS = 4;
  private static final String PROMPT = "Say OK.";

  private final HttpClient client;
  private final PreflightTarget target;

  WrongApi(HttpClient client, PreflightTarget target) {
    this.client = client;
    this.target = target;
  }

  /**
   * After a status that may mean the wrong API (404 on the path, 405): the API the server speaks,
   * if another endpoint streams.
   */
  Optional<Diagnosis> afterStatus(String url, int status) throws InterruptedException {
    return probe(url, "answered " + status, Optional.empty());
  }

  /** After a 200 answer to the streaming probe: the API the server speaks, if not the run's. */
  Optional<Diagnosis> afterStream(StreamCall call, String url) throws InterruptedException {
    Api api = target.api();
    if (!call.isSse() && ApiShapes.wholeAnswer(api, call.recorder().body())) {
      return Optional.empty(); // the API is right; it ignored stream: true (StreamEvaluation says)
    }
    if (!call.isSse()) {
      String type = call.recorder().head().contentType();
      return probe(
          url,
          "answered \"" + (type.isEmpty() ? "no content type" : type) + "\", not text/event-stream",
          Optional.empty());
    }
    List<SseRecorder.Event> events = call.recorder().events();
    Optional<Api> shape = ApiShapes.of(events);
    if (shape.isPresent() && shape.get() != api) {
      String failure =
          "streamed " + ApiShapes.marks(shape.get()) + ", not " + ApiShapes.noun(api) + " events";
      return probe(url, failure, shape)
          .or(
              () ->
                  Optional.of(
                      diagnosis(
                          "POST "
                              + url
                              + " "
                              + failure
                              + ": the server speaks "
                              + ApiShapes.noun(shape.get())
                              + fix(shape.get()))));
    }
    boolean unrecognised =
        !events.isEmpty() && events.stream().allMatch(e -> e.chunk().kind() == ChunkKind.MALFORMED);
    if (shape.isEmpty() && unrecognised) {
      return probe(url, "streamed no event of " + ApiShapes.noun(api), Optional.empty());
    }
    return Optional.empty();
  }

  /** Probes the other APIs, {@code first} first; the diagnosis of the first that streams. */
  private Optional<Diagnosis> probe(String url, String failure, Optional<Api> first)
      throws InterruptedException {
    List<Api> candidates = new ArrayList<>();
    first.ifPresent(candidates::add);
    for (Api api : Api.values()) {
      if (api != target.api() && !candidates.contains(api)) {
        candidates.add(api);
      }
    }
    for (Api api : candidates.subList(0, Math.min(MAX_PROBES, candidates.size()))) {
      String other = target.apiUrl(api);
      if (speaks(api, other)) {
        return Optional.of(
            diagnosis(
                "POST "
                    + url
                    + " "
                    + failure
                    + "; the server streams "
                    + ApiShapes.noun(api)
                    + " at "
                    + other
                    + fix(api)));
      }
    }
    return Optional.empty();
  }

  private boolean speaks(Api api, String url) throws InterruptedException {
    try {
      StreamCall call =
          StreamCall.send(
              client,
              ProbeRequests.of(target, api, url, true, PROMPT, PROBE_MAX_TOKENS),
              api,
              target.timeout());
      return call.response().statusCode() == 200
          && call.isSse()
          && ApiShapes.of(call.recorder().events()).equals(Optional.of(api));
    } catch (TimeoutException | ExecutionException | IllegalArgumentException e) {
      return false; // this endpoint is no better: the next one, or the caller's diagnosis
    }
  }

  private static String fix(Api api) {
    return ": set -Drequest.api=" + api.id() + " (or request.api in the profile)";
  }

  private static Diagnosis diagnosis(String line) {
    return new Diagnosis(Diagnosis.Kind.WRONG_API, line);
  }
}
