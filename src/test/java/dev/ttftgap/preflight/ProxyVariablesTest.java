package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProxyVariablesTest {
  @Test
  void namesEverySetProxyVariableInAFixedOrderWithoutCredentials() {
    Map<String, String> env =
        Map.of(
            "https_proxy", "http://alice:pw@10.0.0.1:3128",
            "HTTP_PROXY", "127.0.0.1:7890",
            "ALL_PROXY", "socks5h://127.0.0.1:1080/",
            "NO_PROXY", "localhost",
            "HOME", "/root");

    assertThat(ProxyVariables.present(env))
        .containsExactly(
            "HTTP_PROXY=http://127.0.0.1:7890",
            "ALL_PROXY=socks5h://127.0.0.1:1080",
            "https_proxy=http://10.0.0.1:3128");
  }

  @Test
  void blankOrUnparsableValuesAreNamedWithoutTheirValue() {
    assertThat(ProxyVariables.present(Map.of("HTTP_PROXY", "  ", "HTTPS_PROXY", "::bad::")))
        .containsExactly("HTTPS_PROXY");
  }
}
