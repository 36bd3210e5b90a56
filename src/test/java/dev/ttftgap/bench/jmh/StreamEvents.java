package dev.ttftgap.bench.jmh;

import dev.ttftgap.gatling.internal.GatlingEventJson;
import dev.ttftgap.gatling.internal.GatlingSseEvent;
import dev.ttftgap.measure.ObservedEvent;
import dev.ttftgap.measure.ObservedRow;
import dev.ttftgap.measure.RequestContext;
import dev.ttftgap.measure.RowNames;
import dev.ttftgap.record.RequestIdentity;
import dev.ttftgap.record.RequestInput;
import dev.ttftgap.record.RequestPhase;
import dev.ttftgap.record.StepLevel;
import java.util.ArrayList;
import java.util.List;

/**
 * Events exactly as the stress run sees them: the embedded engine's chunks ({@code ChunkEncoder}'s
 * bytes), wrapped the way Gatling 3.15 hands them to SSE checks ({@code {"data":<raw JSON>}}).
 */
final class StreamEvents {
  static final String ID = "chatcmpl-5f0c2a4e9b7d4c1a8e3f6b2d";
  private static final String PREFIX =
      "{\"id\":\""
          + ID
          + "\",\"object\":\"chat.completion.chunk\",\"created\":1764471234,"
          + "\"model\":\"stress\",\"choices\":[";

  static final String ROLE_DATA =
      PREFIX
          + "{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
          + "\"logprobs\":null,\"finish_reason\":null}]}";
  static final String CONTENT_DATA =
      PREFIX
          + "{\"index\":0,\"delta\":{\"content\":\" latency\"},\"logprobs\":null,"
          + "\"finish_reason\":null}]}";
  static final String FINISH_DATA =
      PREFIX + "{\"index\":0,\"delta\":{},\"logprobs\":null,\"finish_reason\":\"length\"}]}";
  static final String USAGE_DATA =
      PREFIX + "],\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":200,\"total_tokens\":220}}";

  static final String ROLE_EVENT = GatlingEventJson.of(ROLE_DATA);
  static final String CONTENT_EVENT = GatlingEventJson.of(CONTENT_DATA);
  static final String FINISH_EVENT = GatlingEventJson.of(FINISH_DATA);
  static final String USAGE_EVENT = GatlingEventJson.of(USAGE_DATA);
  static final String DONE_EVENT = GatlingEventJson.DONE;

  private StreamEvents() {}

  static RequestContext context() {
    return new RequestContext(
        RequestIdentity.of("bench", 1),
        StepLevel.closed(RequestPhase.STEP, 1, "step 1 · 1000 users", 1000),
        RequestInput.builder().model("stress").promptTokens(20).maxTokens(200).build(),
        10_000,
        false);
  }

  /**
   * What one 200-token request leaves for {@code RecordAssembler}: rows of the connect and both
   * checks, and its events as the event log holds them, classified (role chunk, 200 tokens 44 ms
   * apart, finish and usage chunks, [DONE]), with Gatling's ms arrival times.
   */
  static Request request(int tokens) {
    long send = 1_764_471_234_000L;
    long headers = send + 2;
    long first = headers + 44;
    List<ObservedEvent> events = new ArrayList<>(tokens + 4);
    events.add(event(headers, ROLE_EVENT));
    events.add(event(first, CONTENT_EVENT));
    long t = first;
    for (int i = 1; i < tokens; i++) {
      t += 44;
      events.add(event(t, GatlingEventJson.of(CONTENT_DATA.replace(" latency", " w" + i))));
    }
    events.add(event(t, FINISH_EVENT));
    events.add(event(t, USAGE_EVENT));
    List<ObservedRow> rows =
        List.of(
            new ObservedRow(RowNames.TTFB, send, headers, true, null),
            new ObservedRow(RowNames.GAP, headers, first, true, null),
            new ObservedRow(RowNames.DECODE, first, t, true, null));
    events.add(event(t, DONE_EVENT));
    return new Request(rows, events, send);
  }

  /** An event as the chain logs it: classified by the glue on arrival. */
  private static ObservedEvent event(long epochMillis, String gatlingEvent) {
    return new ObservedEvent(epochMillis, GatlingSseEvent.classify(gatlingEvent));
  }

  record Request(List<ObservedRow> rows, List<ObservedEvent> events, long sendMillis) {}
}
