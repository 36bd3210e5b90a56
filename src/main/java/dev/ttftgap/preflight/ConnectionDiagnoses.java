package dev.ttftgap.preflight;

import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLException;

/**
 * Turns a transport failure into a diagnosis naming the URL tried and the proxy variables present
 * ({@code HTTP_PROXY}, {@code HTTPS_PROXY}, {@code ALL_PROXY}, also lower case). The JVM's client
 * ignores those variables, but a stale one is the usual cause, in the source articles, of
 * "connection refused" in the user's other tools, so naming them points at the fix.
 */
final class ConnectionDiagnoses {
  private final Map<String, String> env;
  private final Duration timeout;

  ConnectionDiagnoses(Map<String, String> env, Duration timeout) {
    this.env = env;
    this.timeout = timeout;
  }

  /**
   * The most specific cause wins: the JDK client reports an unknown host as a {@code
   * ConnectException} caused by an {@code UnresolvedAddressException}.
   */
  Diagnosis of(Throwable failure, String url) {
    String proxies = proxyNote();
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = failure; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    for (Throwable t : chain) {
      Diagnosis specific = specific(t, url, proxies);
      if (specific != null) {
        return specific;
      }
    }
    for (Throwable t : chain) {
      if (t instanceof ConnectException) {
        return new Diagnosis(
            Diagnosis.Kind.CONNECTION_REFUSED,
            "connection refused at "
                + url
                + ": nothing listens there; check LLM_BASE_URL (host, port) and that the server is"
                + " up"
                + proxies);
      }
    }
    return new Diagnosis(
        Diagnosis.Kind.CONNECTION_FAILED,
        "connection to "
            + url
            + " failed ("
            + failure.getClass().getSimpleName()
            + (failure.getMessage() == null
                ? ""
                : ": " + ServerMessages.oneLine(failure.getMessage()))
            + "): check LLM_BASE_URL and the server"
            + proxies);
  }

  /** The diagnosis of a timeout, an unknown host or a TLS failure; null for other failures. */
  private Diagnosis specific(Throwable t, String url, String proxies) {
    if (t instanceof HttpConnectTimeoutException) {
      return new Diagnosis(
          Diagnosis.Kind.TIMEOUT,
          "connect to " + url + " timed out after " + text(timeout) + proxies);
    }
    if (t instanceof HttpTimeoutException) {
      return new Diagnosis(
          Diagnosis.Kind.TIMEOUT,
          "no answer from "
              + url
              + " within "
              + text(timeout)
              + ": the server is stalled or overloaded at rest; check it before a load run");
    }
    if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
      return new Diagnosis(
          Diagnosis.Kind.UNKNOWN_HOST,
          "unknown host "
              + URI.create(url).getHost()
              + " (tried "
              + url
              + "): check the host name in LLM_BASE_URL and DNS"
              + proxies);
    }
    if (t instanceof SSLException) {
      return new Diagnosis(
          Diagnosis.Kind.TLS_FAILURE,
          "TLS failure talking to "
              + url
              + " ("
              + ServerMessages.oneLine(t.getMessage())
              + "): if the server speaks plain HTTP use http:// in LLM_BASE_URL, else check its"
              + " certificate"
              + proxies);
    }
    return null;
  }

  private String proxyNote() {
    List<String> present = ProxyVariables.present(env);
    if (present.isEmpty()) {
      return "; no HTTP_PROXY, HTTPS_PROXY or ALL_PROXY variables are set";
    }
    return "; proxy variables present: "
        + String.join(", ", present)
        + " (this tool connects directly; curl and Python clients go through them: unset them if"
        + " stale)";
  }

  /** {@code "30 s"} or {@code "300 ms"}. */
  static String text(Duration duration) {
    return duration.toMillis() % 1000 == 0
        ? duration.toSeconds() + " s"
        : duration.toMillis() + " ms";
  }
}
