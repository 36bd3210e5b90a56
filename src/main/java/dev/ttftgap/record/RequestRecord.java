package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One streaming request as the client saw it: one JSON line of a run's {@code records.jsonl}.
 *
 * <p>All times come from one clock (the load generator's); {@code *EpochMillis} are absolute,
 * {@code *Millis} are durations. A {@code null} field means "undefined" (not measured, or not
 * applicable to this outcome), never zero: a request that failed before its headers has no {@code
 * ttfbMillis}; one that never got a token has no {@code ttftMillis}. Such components are marked
 * {@code @Nullable}; codes ({@code phase}, {@code outcome}, {@code reason}) are enums written as
 * their strings.
 *
 * <p>Stable field names: the capacity analysis and any external tool read these files.
 *
 * @param run run identifier (the Gatling run folder name, or a name given by the caller)
 * @param userId Gatling virtual user id (one request per user in open-model runs; a closed-model or
 *     experiment user sends its requests one after another)
 * @param requestId the server's chunk {@code id} ({@code chatcmpl-...}) when one arrived
 * @param phase {@code "warmup"}, {@code "step"} or {@code "hold"} (a search run's long step), see
 *     {@link RequestPhase}; warm-up requests stay out of the statistics
 * @param step 1-based load step index; 0 for warm-up
 * @param stepLabel the Gatling group name of the step, e.g. {@code "step 3 · 6 rps"}
 * @param offeredRate offered arrival rate of the step, requests/s (open model); null otherwise
 * @param concurrency target concurrency of the step (closed model); null otherwise
 * @param model model id sent in the request
 * @param promptTokens prompt length in tokens (tokenizer count, or the server's usage)
 * @param maxTokens {@code max_tokens} sent
 * @param startEpochMillis when the request was handed to the connection
 * @param ttfbMillis send → response headers
 * @param ttftMillis send → first event with non-empty content or reasoning
 * @param gapMillis {@code ttftMillis − ttfbMillis}
 * @param firstContentMillis send → first event with non-empty {@code content} (after any reasoning)
 * @param firstReasoningMillis send → first event with non-empty reasoning, when the model reasons
 * @param e2eMillis send → {@code [DONE]} (or the clean end of the stream)
 * @param itlMillis intervals between consecutive content events, in arrival order
 * @param tpotMillis {@code (e2e − ttft) / (outputTokens − 1)}
 * @param outputTokens completion tokens
 * @param outputTokensSource {@code "usage"} (server's {@code usage.completion_tokens}) or {@code
 *     "tokenizer"} (counted client side)
 * @param contentEvents number of events that carried content or reasoning
 * @param serverTimings timings the server reported about this request (vLLM {@code metrics},
 *     llama.cpp {@code timings}), keyed by their original names, milliseconds
 * @param newConnection whether the request needed a new connection: inferred from the requests in
 *     flight (Gatling does not report connection reuse), see {@code ConnectionEstimator}
 * @param outcome {@code "ok"} or {@code "ko"} ({@link Outcome})
 * @param reason for a failure: one of {@link FailureReason}'s codes; null when ok
 * @param httpStatus HTTP status, when the response had one
 * @param message human-readable detail of the failure (server's error message, check message)
 * @param prompts how the prompt was made: {@code "distinct"} (each request its own), {@code
 *     "repeated"} (the same text every time) or {@code "dataset"}; null in records of older runs
 * @param sharedPrefixTokens tokens of the system prompt all requests of the run share (0 = none)
 * @param conversationId the conversation of a multi-turn run; null for single requests
 * @param turn 1-based turn within the conversation; null for single requests
 * @param malformedChunks stream events that were not valid chunks (not one JSON object), even when
 *     the request ended ok; null when there were none
 * @param stalls inter-token intervals that are stalls: ≥ 10 × the request's median ITL and ≥ 100 ms
 *     ({@code RequestMetrics}), e.g. a server preempting the sequence; null without ITL
 * @param longestStallMillis the longest of them; null without a stall
 * @param ttfbMicros send → response headers, µs, from the load generator's own {@code
 *     System.nanoTime()} stamps (the request handed to the HTTP client, the status line read); null
 *     when not stamped. Same definition as {@code ttfbMillis}, which keeps Gatling's whole
 *     milliseconds (as the HTML report shows them)
 * @param ttftMicros send → first event with non-empty content or reasoning, µs (the event stamped
 *     where it is classified, against the same origin as {@code ttfbMicros})
 * @param gapMicros {@code ttftMicros − ttfbMicros}
 * @param startEpochMicros the instant the precise durations count from (the request handed to the
 *     HTTP client), µs since the epoch, read from the wall clock with the send stamp; it lies a
 *     little before {@code startEpochMillis} (Gatling stamps its start once the hand-off returns)
 * @param injector which part of a split run sent the request, 1-based ({@code -Dinjector=I/N});
 *     null in records of older runs
 * @param injectorCount how many parts the run was split into (1: one injector ran it all)
 * @param host the load generator's host name
 * @param runId the id every part of the run shares ({@code -Drun.id}, by default the profile's name
 *     and {@code run.startAt}); the merge checks that the parts it is given share it
 * @param askedPromptTokens the prompt length the request was built for, system prompt and chat
 *     template included: in the served model's tokens when the run calibrated its prompts against
 *     the target (see {@code tokens.TokenCalibration}), else in cl100k tokens; null in records of
 *     older runs
 * @param servedPromptTokens the server's own count, {@code usage.prompt_tokens}; null when it sent
 *     no usage
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestRecord(
    String run,
    long userId,
    @Nullable String requestId,
    RequestPhase phase,
    int step,
    String stepLabel,
    @Nullable Double offeredRate,
    @Nullable Integer concurrency,
    String model,
    @Nullable Integer promptTokens,
    @Nullable Integer maxTokens,
    long startEpochMillis,
    @Nullable Long ttfbMillis,
    @Nullable Long ttftMillis,
    @Nullable Long gapMillis,
    @Nullable Long firstContentMillis,
    @Nullable Long firstReasoningMillis,
    @Nullable Long e2eMillis,
    @Nullable List<Long> itlMillis,
    @Nullable Double tpotMillis,
    @Nullable Integer outputTokens,
    @Nullable String outputTokensSource,
    @Nullable Integer contentEvents,
    @Nullable Map<String, Double> serverTimings,
    @Nullable Boolean newConnection,
    Outcome outcome,
    @Nullable FailureReason reason,
    @Nullable Integer httpStatus,
    @Nullable String message,
    @Nullable String prompts,
    @Nullable Integer sharedPrefixTokens,
    @Nullable String conversationId,
    @Nullable Integer turn,
    @Nullable Integer malformedChunks,
    @Nullable Integer stalls,
    @Nullable Long longestStallMillis,
    @Nullable Long ttfbMicros,
    @Nullable Long ttftMicros,
    @Nullable Long gapMicros,
    @Nullable Long startEpochMicros,
    @Nullable Integer injector,
    @Nullable Integer injectorCount,
    @Nullable String host,
    @Nullable String runId,
    @Nullable Integer askedPromptTokens,
    @Nullable Integer servedPromptTokens) {

  /** A record built by field name, every field undefined to start with. */
  public static RequestRecordBuilder builder() {
    return new RequestRecordBuilder();
  }

  /** A builder holding this record's fields, to change some of them. */
  public RequestRecordBuilder toBuilder() {
    return new RequestRecordBuilder(this);
  }

  /** The same record with the precise durations, µs (null where not stamped). */
  public RequestRecord withMicros(
      @Nullable Long newTtfbMicros, @Nullable Long newTtftMicros, @Nullable Long newGapMicros) {
    return withMicros(newTtfbMicros, newTtftMicros, newGapMicros, startEpochMicros);
  }

  /** The same record with the precise durations and their origin, µs (null where not stamped). */
  public RequestRecord withMicros(
      @Nullable Long newTtfbMicros,
      @Nullable Long newTtftMicros,
      @Nullable Long newGapMicros,
      @Nullable Long newStartEpochMicros) {
    return toBuilder()
        .ttfbMicros(newTtfbMicros)
        .ttftMicros(newTtftMicros)
        .gapMicros(newGapMicros)
        .startEpochMicros(newStartEpochMicros)
        .build();
  }

  public boolean ok() {
    return outcome == Outcome.OK;
  }

  public boolean warmup() {
    return phase == RequestPhase.WARMUP;
  }

  /** The same record with another outcome (all measured fields kept). */
  public RequestRecord withOutcome(
      Outcome newOutcome,
      @Nullable FailureReason newReason,
      @Nullable Integer newHttpStatus,
      @Nullable String newMessage) {
    return toBuilder()
        .outcome(newOutcome)
        .reason(newReason)
        .httpStatus(newHttpStatus)
        .message(newMessage)
        .build();
  }

  /**
   * The same record marked as sent by part {@code newInjector} of {@code newInjectorCount} of run
   * {@code newRunId}, from {@code newHost}.
   */
  public RequestRecord withPart(
      @Nullable Integer newInjector,
      @Nullable Integer newInjectorCount,
      @Nullable String newHost,
      @Nullable String newRunId) {
    return toBuilder()
        .injector(newInjector)
        .injectorCount(newInjectorCount)
        .host(newHost)
        .runId(newRunId)
        .build();
  }

  /**
   * The same record with the step's level of the whole run and the whole run's name: what one
   * injector running the whole profile would have recorded (the merge of a split run's parts, whose
   * records carry their share and their part's name).
   */
  public RequestRecord withLevel(
      String newRun, @Nullable Double newOfferedRate, @Nullable Integer newConcurrency) {
    return toBuilder().run(newRun).offeredRate(newOfferedRate).concurrency(newConcurrency).build();
  }
}
