package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link EngineMain} in its own JVM, TLS and HTTP/2 from system properties, as {@code mvn exec:java
 * -Dengine.tls=self-signed -Dengine.http2=on} runs it: its banner names the URL and the certificate
 * file, and a client trusting that file gets HTTP/2. Bounded: the process is killed after 60 s.
 */
class EngineMainTlsIT {
  private static final Pattern SERVING = Pattern.compile("serving (https://\\S+)");

  @TempDir Path folder;

  @Test
  void theStandaloneEngineServesHttp2WithTheCertificateItWrote() throws Exception {
    Path certificate = folder.resolve("engine.pem");
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            "-Dengine.tls=self-signed",
            "-Dengine.http2=on",
            "-Dengine.tlsCertOut=" + certificate,
            EngineMain.class.getName(),
            "--port",
            "0",
            "--profile",
            "tiny-fast");
    Process engine = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String banner =
          CompletableFuture.supplyAsync(() -> firstLineMatching(engine)).get(60, TimeUnit.SECONDS);
      Matcher url = SERVING.matcher(banner);
      assertThat(url.find()).as("banner with an https URL: %s", banner).isTrue();
      assertThat(banner)
          .contains("tls=self-signed http2=on certificate=" + certificate.toAbsolutePath());

      HttpClient client = TlsClients.trusting(certificate, HttpClient.Version.HTTP_2);
      HttpResponse<String> models =
          client.send(
              HttpRequest.newBuilder(URI.create(url.group(1) + "/models"))
                  .timeout(Duration.ofSeconds(20))
                  .build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(models.version()).as("h2 by ALPN").isEqualTo(HttpClient.Version.HTTP_2);
      assertThat(models.statusCode()).isEqualTo(200);
      assertThat(models.body()).contains("tiny-fast");
    } finally {
      engine.destroy();
      if (!engine.waitFor(10, TimeUnit.SECONDS)) {
        engine.destroyForcibly();
      }
    }
    assertThat(certificate).as("a given output file stays after the stop").exists();
  }

  private static String firstLineMatching(Process process) {
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      StringBuilder seen = new StringBuilder();
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.contains("ttft-gap engine serving")) {
          return line;
        }
        seen.append(line).append('\n');
      }
      return "engine exited before its banner:\n" + seen;
    } catch (java.io.IOException e) {
      return "cannot read the engine's output: " + e;
    }
  }
}
