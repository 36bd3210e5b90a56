package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine over HTTPS (HTTP/1.1): a real TLS handshake on loopback with the JDK's client. */
class EngineTlsTest {
  private static final String MODEL = "tiny-fast";

  @TempDir Path folder;

  private static EmbeddedEngine start(EngineTls tls) {
    return EmbeddedEngine.start(EngineConfig.defaults().withProfile(MODEL).withTls(tls));
  }

  static HttpRequest chat(EmbeddedEngine engine, int maxTokens) {
    return HttpRequest.newBuilder(URI.create(engine.baseUrl() + "/chat/completions"))
        .timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json")
        .POST(
            HttpRequest.BodyPublishers.ofString(
                StreamProbe.chat(MODEL, "Tell a long story", maxTokens, true, "")))
        .build();
  }

  /** Arrival times (ns) of the content events of {@code result}. */
  static List<Long> contentArrivals(StreamProbe.Result result) {
    return result.lines().stream()
        .filter(l -> l.text().startsWith("data: {") && l.text().contains("\"content\":\""))
        .filter(l -> !l.text().contains("\"content\":\"\""))
        .map(StreamProbe.Line::nanos)
        .toList();
  }

  @Test
  void aSelfSignedEngineStreamsOverHttpsOneEventAtATime() {
    Path pem = folder.resolve("engine.pem");
    try (EmbeddedEngine engine = start(EngineTls.selfSigned(pem))) {
      assertThat(engine.baseUrl()).as("TLS base URL").startsWith("https://127.0.0.1:");
      assertThat(engine.certificatePath()).as("the written certificate").contains(pem);
      assertThat(pem)
          .as("PEM written at start")
          .content()
          .startsWith("-----BEGIN CERTIFICATE-----");

      StreamProbe.Result result =
          StreamProbe.send(
              TlsClients.trusting(pem, HttpClient.Version.HTTP_1_1), chat(engine, 200));

      assertThat(result.status()).as("status over HTTPS").isEqualTo(200);
      assertThat(result.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
      assertThat(result.dataLines()).as("the stream ends with [DONE]").endsWith("data: [DONE]");
      List<Long> arrivals = contentArrivals(result);
      assertThat(arrivals).as("one content event per token").hasSizeGreaterThanOrEqualTo(150);
      double spreadMillis = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e6;
      assertThat(spreadMillis)
          .as("200 tokens of ~2 ms steps arrive over time, not all at the end")
          .isGreaterThan(150);
    }
  }

  @Test
  void theCertificateNamesLocalhostAndTheLoopbackAddresses() throws Exception {
    try (EmbeddedEngine engine = start(EngineTls.selfSigned())) {
      X509Certificate certificate = engine.certificate().orElseThrow();
      List<String> names =
          certificate.getSubjectAlternativeNames().stream().map(n -> n.get(1).toString()).toList();

      assertThat(names)
          .as("SANs checked by HttpClient and Gatling")
          .contains("localhost", "127.0.0.1");
      assertThat(engine.certificatePath().orElseThrow()).as("a temporary file").exists();
      Path temporary = engine.certificatePath().orElseThrow();
      engine.close();
      assertThat(temporary).as("deleted at close").doesNotExist();
    }
  }

  @Test
  void aClientThatDoesNotTrustTheCertificateFailsTheHandshakeAndTheEngineStaysUp() {
    try (EmbeddedEngine engine = start(EngineTls.selfSigned())) {
      assertThatThrownBy(
              () ->
                  TlsClients.withDefaultTrust()
                      .send(chat(engine, 4), HttpResponse.BodyHandlers.ofString()))
          .as("the JVM's trust store does not hold the engine's certificate")
          .isInstanceOf(SSLHandshakeException.class);

      StreamProbe.Result after =
          StreamProbe.send(
              TlsClients.trusting(
                  engine.certificatePath().orElseThrow(), HttpClient.Version.HTTP_1_1),
              chat(engine, 4));
      assertThat(after.status()).as("the engine still serves a trusting client").isEqualTo(200);
    }
  }

  @Test
  void anEngineWithAWorkerPoolServesHttpsToo() {
    try (EmbeddedEngine engine =
        EmbeddedEngine.start(
            EngineConfig.defaults()
                .withProfile(MODEL)
                .withTls(EngineTls.selfSigned())
                .withHttpWorkers(1))) {
      HttpClient client =
          TlsClients.trusting(engine.certificatePath().orElseThrow(), HttpClient.Version.HTTP_1_1);
      for (int i = 0; i < 2; i++) {
        StreamProbe.Result result = StreamProbe.send(client, chat(engine, 4));
        assertThat(result.status()).as("request %d through the one worker", i).isEqualTo(200);
        assertThat(result.dataLines()).endsWith("data: [DONE]");
      }
    }
  }

  @Test
  void aCertificateAndKeyGivenAsPemFilesAreServed() throws IOException {
    GeneratedCertificate made = GeneratedCertificate.selfSigned("127.0.0.1");
    Path cert = folder.resolve("server.pem");
    Path key = folder.resolve("server.key");
    made.writePem(cert);
    Files.writeString(
        key,
        "-----BEGIN PRIVATE KEY-----\n"
            + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(made.key().getEncoded())
            + "\n-----END PRIVATE KEY-----\n",
        StandardCharsets.US_ASCII);

    try (EmbeddedEngine engine = start(EngineTls.pemFiles(cert, key))) {
      assertThat(engine.certificatePath()).as("the given certificate").contains(cert);
      assertThat(engine.certificate()).contains(made.certificate());
      StreamProbe.Result result =
          StreamProbe.send(TlsClients.trusting(cert, HttpClient.Version.HTTP_1_1), chat(engine, 4));
      assertThat(result.status()).isEqualTo(200);
    }
    assertThat(cert).as("a given certificate is not deleted at close").exists();
  }

  @Test
  void aFileThatIsNotPemFailsInOneLineBeforeBinding() throws IOException {
    Path cert = Files.writeString(folder.resolve("server.pem"), "not a certificate");
    Path key = Files.writeString(folder.resolve("server.key"), "not a key");

    assertThatThrownBy(() -> start(EngineTls.pemFiles(cert, key)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(cert.toString())
        .hasMessageNotContaining("\n");
  }

  @Test
  void aKeyThatIsNotPemFailsNamingIt() throws IOException {
    Path cert = folder.resolve("server.pem");
    GeneratedCertificate.selfSigned("127.0.0.1").writePem(cert);
    Path key = Files.writeString(folder.resolve("server.key"), "not a key");

    assertThatThrownBy(() -> start(EngineTls.pemFiles(cert, key)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot use TLS key " + key)
        .hasMessageNotContaining("\n");
  }

  @Test
  void aPlainEngineHasNoCertificate() {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults())) {
      assertThat(engine.baseUrl()).startsWith("http://");
      assertThat(engine.certificatePath()).isEmpty();
      assertThat(engine.certificate()).isEmpty();
    }
  }
}
