package dev.ttftgap.preflight;

import dev.ttftgap.config.TargetNetwork;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Turns a transport failure into a diagnosis naming the URL tried and how it was reached: directly,
 * or through the proxy of {@code HTTPS_PROXY} / {@code HTTP_PROXY} / {@code ALL_PROXY} (host and
 * port only), which the load uses too. A stale proxy variable is the usual cause, in the source
 * articles, of "connection refused" to a local server, so naming it points at the fix ({@code
 * NO_PROXY}). A certificate the CAs do not vouch for names the host and the CA setting.
 */
final class ConnectionDiagnoses {
  private final TargetNetwork network;
  private final Duration timeout;

  ConnectionDiagnoses(TargetNetwork network, Duration timeout) {
    this.network = network;
    this.timeout = timeout;
  }

  /**
   * The most specific cause wins: the JDK client reports an unknown host as a {@code
   * ConnectException} caused by an {@code UnresolvedAddressException}.
   */
  Diagnosis of(Throwable failure, String url) {
    String proxies = routeNote(url);
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
    if (t instanceof CertificateException
        || (t instanceof SSLHandshakeException && certificateCause(t))) {
      return new Diagnosis(
          Diagnosis.Kind.TLS_FAILURE,
          "certificate of "
              + URI.create(url).getHost()
              + " not trusted ("
              + ServerMessages.oneLine(rootMessage(t))
              + ", checked against "
              + network.trust().describe()
              + "): give the CA that signed it with LLM_CA_FILE=ca.pem (or SSL_CERT_FILE)"
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

  /** Whether an {@code SSLHandshakeException} is about the server's certificate. */
  private static boolean certificateCause(Throwable handshake) {
    for (Throwable t = handshake; t != null; t = t.getCause()) {
      String message = t.getMessage() == null ? "" : t.getMessage();
      if (t instanceof CertificateException
          || message.contains("PKIX")
          || message.contains("certificate")
          || message.contains("subject alternative")) {
        return true;
      }
    }
    return false;
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() != null ? root.getMessage() : t.getMessage();
    return message == null ? root.getClass().getSimpleName() : message;
  }

  /** How {@code url} was reached, for the end of a diagnosis. */
  private String routeNote(String url) {
    URI target = URI.create(url);
    String route = network.proxies().describe(target);
    if (network.proxies().routeFor(target).isPresent()) {
      return "; went through "
          + route
          + ": check that proxy is up, or list the host in NO_PROXY to connect directly";
    }
    return route.equals("direct")
        ? "; connected directly: no HTTPS_PROXY, HTTP_PROXY or ALL_PROXY applies"
        : "; connected " + route;
  }

  /** {@code "30 s"} or {@code "300 ms"}. */
  static String text(Duration duration) {
    return duration.toMillis() % 1000 == 0
        ? duration.toSeconds() + " s"
        : duration.toMillis() + " ms";
  }
}
