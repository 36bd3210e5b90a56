package dev.ttftgap.engine;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Test clients of a TLS engine: one that trusts a PEM certificate file, one that trusts none. */
final class TlsClients {
  private TlsClients() {}

  /** A client of {@code version} whose only trusted certificate is the one in {@code pem}. */
  static HttpClient trusting(Path pem, HttpClient.Version version) {
    return HttpClient.newBuilder()
        .version(version)
        .connectTimeout(Duration.ofSeconds(5))
        .sslContext(trustingContext(pem))
        .build();
  }

  /** A client with the JVM's default trust store, which does not hold the engine's certificate. */
  static HttpClient withDefaultTrust() {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  static SSLContext trustingContext(Path pem) {
    try (InputStream in = Files.newInputStream(pem)) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      int i = 0;
      for (Certificate certificate :
          CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        store.setCertificateEntry("engine-" + i++, certificate);
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot trust " + pem + ": " + e, e);
    }
  }
}
