package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** The JDK client's failures as it wraps them; a real refused connection is in PreflightTest. */
class ConnectionDiagnosesTest {
  private static final String URL = "https://llm.internal:8443/v1/models";
  private final ConnectionDiagnoses diagnoses =
      new ConnectionDiagnoses(
          Map.of("HTTP_PROXY", "http://127.0.0.1:7890"), Duration.ofSeconds(30));

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
        .contains("HTTP_PROXY=http://127.0.0.1:7890");
  }

  @Test
  void handshakeFailureIsTls() {
    Diagnosis diagnosis =
        diagnoses.of(causedBy(new IOException("x"), new SSLHandshakeException("PKIX path")), URL);

    assertThat(diagnosis.kind()).isEqualTo(Diagnosis.Kind.TLS_FAILURE);
    assertThat(diagnosis.line()).contains("(PKIX path)", "certificate");
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
