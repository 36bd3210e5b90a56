package dev.ttftgap.engine;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.sse;

import io.gatling.http.action.sse.SseInboundMessage;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.List;

/**
 * A bare probe (none of the tool's glue): Gatling's own SSE, with {@code enableHttp2()}, posting
 * streaming chat completions to {@code -Dprobe.baseUrl}, an engine with TLS and HTTP/2 on. {@link
 * Http2SseProbeIT} reads the engine's ALPN counts to tell which protocol Gatling spoke, and the
 * spread of Gatling's own arrival times of the content events (printed) to tell whether they came
 * one by one.
 */
public class Http2SseProbeSimulation extends Simulation {
  private static final String BASE_URL = System.getProperty("probe.baseUrl");
  private static final String CHAT =
      "{\"model\":\"tiny-fast\",\"stream\":true,\"max_tokens\":200,"
          + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}";

  // protocol: HTTP/2 where ALPN offers it; the IT lets Gatling trust any certificate
  // (the events before [DONE] are kept, with Gatling's arrival time, for the spread below)
  private final HttpProtocolBuilder protocol =
      http.baseUrl(BASE_URL).enableHttp2().sseUnmatchedInboundMessageBufferSize(1_000);

  // one streamed answer, awaited to its [DONE]
  private final ScenarioBuilder chat =
      scenario("h2 sse probe")
          .exec(
              sse("connect")
                  .post("/chat/completions")
                  .body(StringBody(CHAT))
                  .asJson()
                  .await(Duration.ofSeconds(20))
                  .on(
                      sse.checkMessage("done")
                          .matching(bodyString().transform(e -> e.contains("[DONE]")).is(true))),
              sse.processUnmatchedMessages(
                  (messages, session) -> {
                    List<Long> content =
                        messages.stream()
                            .filter(
                                m ->
                                    m.message().contains("\"content\":\"")
                                        && !m.message().contains("\"content\":\"\""))
                            .map(SseInboundMessage::timestamp)
                            .toList();
                    System.out.println(
                        "h2 probe: content events "
                            + content.size()
                            + " spread ms "
                            + (content.isEmpty()
                                ? -1
                                : content.get(content.size() - 1) - content.get(0)));
                    return session;
                  }),
              sse("close").close());

  {
    setUp(chat.injectOpen(atOnceUsers(3)))
        .protocols(protocol)
        .assertions(global().failedRequests().count().is(0L));
  }
}
