package dev.ttftgap.engine;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What the engine itself saw of one request (of any API): the server-side ground truth that a
 * client's measurement is checked against.
 *
 * <p>Every {@code *EpochMicros} is wall-clock time ({@code Instant.now()}, microseconds since the
 * epoch), taken in the write path right when the bytes are handed to the connection. A {@code null}
 * means "did not happen" (no content was ever written, the request never left the queue).
 *
 * @param requestId the {@code id} of the response's chunks ({@code chatcmpl-...}), also sent in the
 *     {@code X-Request-Id} header
 * @param model model id the request was served by
 * @param httpStatus status written in the response headers
 * @param promptTokens prompt tokens counted by the engine
 * @param cachedTokens prompt tokens served from the prefix cache; null if never scheduled
 * @param completionTokens content tokens written
 * @param acceptedEpochMicros request fully received and accepted
 * @param headersWrittenEpochMicros response headers written
 * @param firstContentWrittenEpochMicros first output token of any kind written (text, reasoning or
 *     tool call): the ground truth of the TTFT
 * @param lastWrittenEpochMicros last bytes of the response written (or connection closed)
 * @param queueMicros accepted → scheduled (left the waiting queue); null if never scheduled
 * @param outcome {@code ok}, {@code fault}, {@code rejected} (4xx/5xx before streaming) or {@code
 *     client-disconnected}
 * @param fault the fault spec applied ({@link SimFault#toString()}), or null
 * @param preemptions times the scheduler preempted the request (KV cache full; its prefill was
 *     recomputed on readmission); null if never scheduled
 * @param firstTextWrittenEpochMicros first answer-text token written (the ground truth of ttfvt);
 *     null when the answer had none (a tool call, a stream cut during reasoning)
 * @param api the API the request came in by ({@code chat}, {@code completions}, {@code responses},
 *     {@code messages})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GroundTruth(
    String requestId,
    String model,
    int httpStatus,
    int promptTokens,
    Integer cachedTokens,
    int completionTokens,
    long acceptedEpochMicros,
    Long headersWrittenEpochMicros,
    Long firstContentWrittenEpochMicros,
    Long lastWrittenEpochMicros,
    Long queueMicros,
    String outcome,
    String fault,
    Integer preemptions,
    Long firstTextWrittenEpochMicros,
    String api) {

  /** Outcome of a request served to the end. */
  public static final String OK = "ok";

  /** Outcome of a request whose response a fault cut or changed. */
  public static final String FAULT = "fault";

  /** Outcome of a request answered with an error status before any streaming. */
  public static final String REJECTED = "rejected";

  /** Outcome of a request whose client went away before the end. */
  public static final String CLIENT_DISCONNECTED = "client-disconnected";
}
