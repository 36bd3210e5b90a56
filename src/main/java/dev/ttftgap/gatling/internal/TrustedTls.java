package dev.ttftgap.gatling.internal;

import io.gatling.http.client.SslContextsHolder;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Client TLS contexts that trust only the given CAs (the run's {@code LLM_CA_FILE}): one for
 * HTTP/1.1, one that offers {@code h2} then {@code http/1.1} by ALPN. Gatling 3.15.1 takes its
 * trust from {@code gatling.conf} alone (a JKS or PKCS#12 file, set before the JVM starts); {@link
 * ErrorBodyCapture} hands these to the HTTP client instead, per request.
 */
final class TrustedTls implements SslContextsHolder {
  private final SslContext plain;
  private final SslContext alpn;

  TrustedTls(TrustManagerFactory trust) {
    try {
      plain = SslContextBuilder.forClient().trustManager(trust).build();
      alpn =
          SslContextBuilder.forClient()
              .trustManager(trust)
              .applicationProtocolConfig(
                  new ApplicationProtocolConfig(
                      ApplicationProtocolConfig.Protocol.ALPN,
                      ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                      ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                      ApplicationProtocolNames.HTTP_2,
                      ApplicationProtocolNames.HTTP_1_1))
              .build();
    } catch (SSLException e) {
      throw new IllegalStateException("TLS context for the target's CAs: " + e.getMessage(), e);
    }
  }

  @Override
  public SslContext getSslContext() {
    return plain;
  }

  @Override
  public SslContext getAlpnSslContext() {
    return alpn;
  }
}
