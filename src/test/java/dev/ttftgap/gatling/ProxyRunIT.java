package dev.ttftgap.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.engine.EmbeddedEngine;
import dev.ttftgap.engine.EngineConfig;
import dev.ttftgap.engine.EngineTls;
import dev.ttftgap.record.Outcome;
import dev.ttftgap.record.RecordReader;
import dev.ttftgap.record.RequestRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load and the preflight both go through the proxy the environment names, as curl and the
 * OpenAI SDKs do: {@code HTTP_PROXY} for an http target (absolute-form requests the proxy reads),
 * {@code HTTPS_PROXY} for an https one ({@code CONNECT} tunnels), and {@code NO_PROXY} sends the
 * target around it.
 */
class ProxyRunIT {
  private static GatlingFork.Result run(Path dir, Map<String, String> env) {
    return TlsRunIT.smoke(dir, env);
  }

  @Test
  void anHttpTargetIsReachedThroughHttpProxyByTheLoadAndThePreflight(@TempDir Path dir)
      throws Exception {
    try (EmbeddedEngine engine = EmbeddedEngine.start(EngineConfig.defaults());
        ForwardProxy proxy = ForwardProxy.start()) {
      GatlingFork.Result run =
          run(
              dir,
              Map.of(
                  "LLM_BASE_URL", engine.baseUrl(),
                  "LLM_MODEL", "qwen3-8b-like",
                  "HTTP_PROXY", proxy.url()));

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      assertThat(run.output())
          .contains(
              "HTTP/1.1, "
                  + "proxy 127.0.0.1:"
                  + proxy.url().replaceAll(".*:", "")
                  + " (HTTP_PROXY)");
      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .isNotEmpty()
          .allSatisfy(r -> assertThat(r.result().outcome()).as("%s", r).isEqualTo(Outcome.OK));
      List<ForwardProxy.Carried> carried = proxy.carried();
      assertThat(carried)
          .as("the preflight's models listing went through the proxy")
          .anySatisfy(
              c -> {
                assertThat(c.method()).isEqualTo("GET");
                assertThat(c.target()).isEqualTo(engine.baseUrl() + "/models");
                assertThat(c.userAgent()).startsWith("Java-http-client");
              });
      long loadPosts =
          carried.stream()
              .filter(c -> c.method().equals("POST") && c.userAgent().equals("ttft-gap"))
              .count();
      assertThat(loadPosts)
          .as("every load request went through the proxy: one per record")
          .isEqualTo(records.size());
    }
  }

  @Test
  void anHttpsTargetIsTunnelledThroughHttpsProxyAndNoProxyGoesAround(@TempDir Path dir)
      throws Exception {
    try (EmbeddedEngine engine =
            EmbeddedEngine.start(EngineConfig.defaults().withTls(EngineTls.selfSigned()));
        ForwardProxy proxy = ForwardProxy.start()) {
      String authority = engine.baseUrl().replace("https://", "").replace("/v1", "");
      Map<String, String> env =
          Map.of(
              "LLM_BASE_URL", engine.baseUrl(),
              "LLM_MODEL", "qwen3-8b-like",
              "LLM_CA_FILE", engine.certificatePath().orElseThrow().toString(),
              "https_proxy", proxy.url());
      GatlingFork.Result run = run(dir.resolve("through"), env);

      assertThat(run.exitCode()).as("exit code; output:\n%s", run.output()).isZero();
      List<RequestRecord> records = RecordReader.read(run.records());
      assertThat(records)
          .isNotEmpty()
          .allSatisfy(r -> assertThat(r.result().outcome()).as("%s", r).isEqualTo(Outcome.OK));
      List<ForwardProxy.Carried> tunnels = proxy.carried();
      assertThat(tunnels)
          .as("CONNECT tunnels to the engine, from the preflight (JDK) and the load (Gatling)")
          .isNotEmpty()
          .allSatisfy(
              c -> {
                assertThat(c.method()).isEqualTo("CONNECT");
                assertThat(c.target()).isEqualTo(authority);
              });
      // a CONNECT carries no User-Agent from either client: the preflight's tunnels are those
      // opened before the load's first request was sent, the load's those after
      long loadStart =
          records.stream().mapToLong(r -> r.timings().startEpochMillis()).min().orElseThrow();
      assertThat(tunnels)
          .as("the preflight's tunnels, before %d", loadStart)
          .anySatisfy(c -> assertThat(c.atMillis()).isLessThan(loadStart));
      assertThat(tunnels)
          .as("the load's tunnels, from %d on", loadStart)
          .anySatisfy(c -> assertThat(c.atMillis()).isGreaterThanOrEqualTo(loadStart - 1));

      int before = proxy.carried().size();
      java.util.HashMap<String, String> around = new java.util.HashMap<>(env);
      around.put("NO_PROXY", "127.0.0.1");
      GatlingFork.Result direct = run(dir.resolve("around"), around);
      assertThat(direct.exitCode()).as("output:\n%s", direct.output()).isZero();
      assertThat(direct.output()).contains("direct (NO_PROXY)");
      assertThat(proxy.carried()).as("nothing through the proxy").hasSize(before);
    }
  }
}
