package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.config.TargetNetwork;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** The JDK client's failures as it wraps them; a real refused connection is in PreflightTest. */
class ConnectionDiagnosesTest {
  private static final String URL = "https://llm.internal:8443/v1/models";
  private final ConnectionDiagnoses diagnoses =
      new ConnectionDiagnoses(
          network(Map.of("HTTPS_PROXY", "http://127.0.0.1:7890")), Duration.ofSeconds(30));

  private static TargetNetwork network(Map<String, String> env) {
    return TargetNetwork.load(SettingsSource.of(env, new Properties()));
  }

  private static <T extends Throwable> T causedBy(T wrapper, Throwable cause) {
    wrapper.initCause(cause);
    return wrapper;
  }

  @Test
  void unresolvedHostInsideAConnectExceptionIsAnUnknownHost() {
    Diagnosis diagnosis =
        diagnoses.of(causedBy(new ConnectException(), new UnresolvedAddressException()), URL);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.UNKNOWN_HOST);
    assertThat(diagnosis.line())
        .startsWith("unknown host llm.internal (tried " + URL + ")")
        .contains("went through proxy 127.0.0.1:7890 (HTTPS_PROXY)", "NO_PROXY");
  }

  @Test
  void aHostInNoProxyIsSaidToBeReachedDirectly() {
    ConnectionDiagnoses bypassing =
        new ConnectionDiagnoses(
            network(Map.of("HTTPS_PROXY", "http://127.0.0.1:7890", "NO_PROXY", ".internal")),
            Duration.ofSeconds(30));

    assertThat(bypassing.of(new ConnectException(), URL).line())
        .contains("connected direct (NO_PROXY)")
        .doesNotContain("went through");
  }

  @Test
  void noProxyVariableIsSaidSo() {
    ConnectionDiagnoses direct =
        new ConnectionDiagnoses(TargetNetwork.DIRECT, Duration.ofSeconds(1));

    assertThat(direct.of(new ConnectException(), URL).line())
        .contains("connected directly: no HTTPS_PROXY, HTTP_PROXY or ALL_PROXY applies");
  }

  @Test
  void handshakeFailureIsTls() {
    Diagnosis diagnosis =
        diagnoses.of(causedBy(new IOException("x"), new SSLHandshakeException("PKIX path")), URL);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.TLS_FAILURE);
    assertThat(diagnosis.line())
        .startsWith(
            "certificate of llm.internal not trusted (PKIX path, checked against the JVM's CAs)")
        .contains("LLM_CA_FILE=");
  }

  @Test
  void aHandshakeFailureOtherThanTheCertificateIsATlsFailure() {
    Diagnosis diagnosis =
        diagnoses.of(new SSLHandshakeException("Remote host terminated the handshake"), URL);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.TLS_FAILURE);
    assertThat(diagnosis.line())
        .startsWith("TLS failure talking to " + URL)
        .contains("use http://");
  }

  @Test
  void connectTimeoutAndHeaderTimeoutAreTimeouts() {
    assertThat(diagnoses.of(new HttpConnectTimeoutException("t"), URL).line())
        .startsWith("connect to " + URL + " timed out after 30 s");
    assertThat(diagnoses.of(new HttpTimeoutException("t"), URL).line())
        .startsWith("no answer from " + URL + " within 30 s");
  }

  @Test
  void resetIsAGenericConnectionFailureWithItsMessage() {
    Diagnosis diagnosis = diagnoses.of(new IOException("Connection reset"), URL);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.CONNECTION_FAILED);
    assertThat(diagnosis.line()).contains("(IOException: Connection reset)");
  }
}
