package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Proxy;
import java.net.URI;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ProxyRoutesTest {
  private static final URI HTTPS = URI.create("https://api.example.com/v1/chat/completions");
  private static final URI HTTP = URI.create("http://10.0.0.5:8000/v1/chat/completions");

  private static ProxyRoutes routes(Map<String, String> env) {
    return ProxyRoutes.load(SettingsSource.of(env, new Properties()));
  }

  @Test
  void eachSchemeTakesItsOwnVariableAndAllProxyFillsIn() {
    ProxyRoutes routes =
        routes(Map.of("HTTPS_PROXY", "http://secure:3128", "ALL_PROXY", "everything:8080"));

    assertThat(routes.routeFor(HTTPS))
        .map(ProxyRoute::shown)
        .hasValue("proxy secure:3128 (HTTPS_PROXY)");
    assertThat(routes.routeFor(HTTP))
        .map(ProxyRoute::shown)
        .hasValue("proxy everything:8080 (ALL_PROXY)");
  }

  @Test
  void lowerCaseWinsOverUpperCaseAsInCurlAndTheToolsOwnNameOverBoth() {
    assertThat(
            routes(Map.of("https_proxy", "http://lower:1", "HTTPS_PROXY", "http://upper:2"))
                .routeFor(HTTPS))
        .map(ProxyRoute::port)
        .hasValue(1);
    assertThat(
            routes(Map.of("LLM_HTTPS_PROXY", "http://ours:3", "https_proxy", "http://lower:1"))
                .routeFor(HTTPS))
        .map(ProxyRoute::port)
        .hasValue(3);
  }

  @Test
  void anHttpProxyDoesNotCarryHttpsTargets() {
    assertThat(routes(Map.of("HTTP_PROXY", "http://plain:3128")).routeFor(HTTPS)).isEmpty();
  }

  @Test
  void noProxyMatchesHostsTheirSubdomainsPortsAndStar() {
    Map<String, String> proxy =
        Map.of("HTTPS_PROXY", "http://p:3128", "HTTP_PROXY", "http://p:3128");
    ProxyRoutes domain = routes(with(proxy, "NO_PROXY", "example.com"));
    assertThat(domain.routeFor(HTTPS)).as("a subdomain of a listed host").isEmpty();
    assertThat(domain.routeFor(URI.create("https://notexample.com/"))).isPresent();

    ProxyRoutes dotted = routes(with(proxy, "no_proxy", " .example.com , 10.0.0.5:8000"));
    assertThat(dotted.routeFor(HTTPS)).isEmpty();
    assertThat(dotted.routeFor(HTTP)).as("host:port listed").isEmpty();
    assertThat(dotted.routeFor(URI.create("http://10.0.0.5:9000/"))).as("another port").isPresent();

    assertThat(routes(with(proxy, "NO_PROXY", "*")).routeFor(HTTP)).isEmpty();
  }

  @Test
  void loopbackGoesThroughTheProxyUnlessListedAsCurlDoes() {
    Map<String, String> proxy = Map.of("HTTP_PROXY", "http://p:3128");
    URI local = URI.create("http://127.0.0.1:8000/v1");

    assertThat(routes(proxy).routeFor(local)).isPresent();
    assertThat(routes(with(proxy, "NO_PROXY", "localhost,127.0.0.1")).routeFor(local)).isEmpty();
  }

  @Test
  void theSelectorRoutesTheJdkClientTheSameWay() {
    ProxyRoutes routes =
        routes(Map.of("HTTPS_PROXY", "http://p:3128", "NO_PROXY", "internal.corp"));

    assertThat(routes.selector().select(HTTPS).get(0).type()).isEqualTo(Proxy.Type.HTTP);
    assertThat(routes.selector().select(URI.create("https://llm.internal.corp/v1")))
        .containsExactly(Proxy.NO_PROXY);
  }

  @Test
  void describeNamesTheRouteWithoutCredentials() {
    ProxyRoutes routes =
        routes(Map.of("HTTPS_PROXY", "http://p:3128", "NO_PROXY", "internal.corp"));

    assertThat(routes.describe(HTTPS)).isEqualTo("proxy p:3128 (HTTPS_PROXY)");
    assertThat(routes.describe(URI.create("https://a.internal.corp/")))
        .isEqualTo("direct (NO_PROXY)");
    assertThat(ProxyRoutes.DIRECT.describe(HTTPS)).isEqualTo("direct");
  }

  @Test
  void proxiesNeitherClientCanTakeAreRefusedWithOneLine() {
    assertThatThrownBy(() -> routes(Map.of("HTTPS_PROXY", "http://user:s3cret@p:3128")))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("HTTPS_PROXY: proxy credentials are not supported")
        .message()
        .doesNotContain("s3cret")
        .doesNotContain("\n");
    assertThatThrownBy(() -> routes(Map.of("ALL_PROXY", "socks5://127.0.0.1:1080")))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("ALL_PROXY: a socks5:// proxy is not supported");
    assertThatThrownBy(() -> routes(Map.of("http_proxy", "http://:80")))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("http_proxy: ");
  }

  @Test
  void aProxyWithoutPortTakesEighty() {
    assertThat(routes(Map.of("HTTP_PROXY", "proxy.corp")).routeFor(HTTP))
        .map(ProxyRoute::port)
        .hasValue(80);
  }

  private static Map<String, String> with(Map<String, String> env, String name, String value) {
    Map<String, String> copy = new java.util.HashMap<>(env);
    copy.put(name, value);
    return copy;
  }
}
