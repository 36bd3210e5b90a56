package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The engine over HTTP/2 (TLS, ALPN) with the JDK's client, which offers h2 and http/1.1. */
class EngineHttp2Test {
  private static EmbeddedEngine startH2() {
    return EmbeddedEngine.start(
        EngineConfig.defaults()
            .withProfile("tiny-fast")
            .withTls(EngineTls.selfSigned())
            .withHttp2(true));
  }

  private static HttpClient client(EmbeddedEngine engine, HttpClient.Version version) {
    return TlsClients.trusting(engine.certificatePath().orElseThrow(), version);
  }

  private static StreamProbe.Result stream(
      EmbeddedEngine engine, HttpClient.Version version, int maxTokens) {
    return StreamProbe.send(client(engine, version), EngineTlsTest.chat(engine, maxTokens));
  }

  @Test
  void anHttp2ClientGetsAnHttp2StreamWhoseEventsArriveOneByOne() {
    try (EmbeddedEngine engine = startH2()) {
      StreamProbe.Result result = stream(engine, HttpClient.Version.HTTP_2, 300);

      assertThat(result.version()).as("ALPN chose h2").isEqualTo(HttpClient.Version.HTTP_2);
      assertThat(engine.negotiatedConnections()).isEqualTo(java.util.Map.of("h2", 1L));
      assertThat(result.status()).isEqualTo(200);
      assertThat(result.header("content-type")).startsWith("text/event-stream");
      assertThat(result.header("transfer-encoding"))
          .as("no HTTP/1.1 connection header on h2")
          .isNull();
      assertThat(result.dataLines()).as("the stream ends with [DONE]").endsWith("data: [DONE]");
      List<Long> arrivals = EngineTlsTest.contentArrivals(result);
      assertThat(arrivals).as("one content event per token").hasSizeGreaterThanOrEqualTo(250);
      double firstMillis = (arrivals.get(0) - result.sentNanos()) / 1e6;
      double lastMillis = (arrivals.get(arrivals.size() - 1) - result.sentNanos()) / 1e6;
      assertThat(lastMillis - firstMillis)
          .as(
              "300 tokens of ~2 ms steps: first event at %.1f ms, last at %.1f ms",
              firstMillis, lastMillis)
          .isGreaterThan(250);
      long distinctMillis = arrivals.stream().map(n -> n / 1_000_000).distinct().count();
      assertThat(distinctMillis)
          .as("events arrive at many different moments, not in one read at the end")
          .isGreaterThan(50);
    }
  }

  @Test
  void theHeadersArriveBeforeTheFirstTokenIsGenerated() {
    try (EmbeddedEngine engine = startH2()) {
      StreamProbe.Result result = stream(engine, HttpClient.Version.HTTP_2, 50);

      assertThat(result.headersNanos())
          .as("TTFB (the HEADERS frame) precedes the first content DATA frame")
          .isLessThanOrEqualTo(result.firstContentNanos());
      GroundTruth truth = engine.groundTruth(result.header("x-request-id")).orElseThrow();
      assertThat(truth.headersWrittenEpochMicros())
          .as("headers written at acceptance, before the first token")
          .isLessThan(truth.firstContentWrittenEpochMicros());
    }
  }

  @Test
  void eightConcurrentStreamsEachComplete() {
    try (EmbeddedEngine engine = startH2()) {
      HttpClient client = client(engine, HttpClient.Version.HTTP_2);
      List<CompletableFuture<HttpResponse<String>>> responses =
          java.util.stream.IntStream.range(0, 8)
              .mapToObj(
                  i ->
                      client.sendAsync(
                          EngineTlsTest.chat(engine, 20), HttpResponse.BodyHandlers.ofString()))
              .toList();

      for (CompletableFuture<HttpResponse<String>> response : responses) {
        HttpResponse<String> done = response.join();
        assertThat(done.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(done.body()).as("each stream complete").contains("data: [DONE]");
      }
    }
  }

  @Test
  void anHttp1ClientStillGetsHttp1FromAnHttp2Engine() {
    try (EmbeddedEngine engine = startH2()) {
      StreamProbe.Result result = stream(engine, HttpClient.Version.HTTP_1_1, 8);

      assertThat(result.version())
          .as("ALPN fell to http/1.1")
          .isEqualTo(HttpClient.Version.HTTP_1_1);
      assertThat(result.dataLines()).endsWith("data: [DONE]");
      assertThat(engine.negotiatedConnections())
          .as("the engine counts the connection's ALPN choice")
          .containsEntry("http/1.1", 1L)
          .doesNotContainKey("h2");
    }
  }

  @Test
  void otherEndpointsAnswerOverHttp2() throws Exception {
    try (EmbeddedEngine engine = startH2()) {
      HttpResponse<String> models =
          client(engine, HttpClient.Version.HTTP_2)
              .send(
                  HttpRequest.newBuilder(URI.create(engine.baseUrl() + "/models")).build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(models.version()).isEqualTo(HttpClient.Version.HTTP_2);
      assertThat(models.body()).contains("tiny-fast");
    }
  }

  @Test
  void http2WithoutTlsOrWithAWorkerPoolIsRefusedInOneLine() {
    assertThatThrownBy(() -> EmbeddedEngine.start(EngineConfig.defaults().withHttp2(true)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("HTTP/2 is offered only over TLS");
    assertThatThrownBy(
            () ->
                EmbeddedEngine.start(
                    EngineConfig.defaults()
                        .withTls(EngineTls.selfSigned())
                        .withHttp2(true)
                        .withHttpWorkers(2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("HTTP/2 with an HTTP worker pool is not simulated");
  }
}
