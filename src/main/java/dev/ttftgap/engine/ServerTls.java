package dev.ttftgap.engine;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLException;

/**
 * The engine's TLS side, made once before the engine binds: the {@link SslContext} every
 * connection's {@link SslHandler} comes from, and the certificate file a client trusts. With HTTP/2
 * on, ALPN offers {@code h2} then {@code http/1.1} (the client picks; one without ALPN gets
 * HTTP/1.1) and the cipher suites are HTTP/2's (RFC 7540 §9.2.2).
 *
 * <p>The JDK's TLS provider always, not OpenSSL even when netty-tcnative is on the class path (it
 * is in test scope, through Gatling): the engine behaves the same under {@code exec:java} and in
 * tests.
 */
final class ServerTls implements AutoCloseable {
  private final SslContext context;
  private final Path certificatePath;
  private final X509Certificate certificate;
  private final boolean http2;
  private final boolean deleteOnClose;
  private final Map<String, LongAdder> negotiated = new ConcurrentHashMap<>();

  private ServerTls(
      SslContext context,
      Path certificatePath,
      X509Certificate certificate,
      boolean http2,
      boolean deleteOnClose) {
    this.context = context;
    this.certificatePath = certificatePath;
    this.certificate = certificate;
    this.http2 = http2;
    this.deleteOnClose = deleteOnClose;
  }

  /**
   * The TLS of {@code config}, or null for plain HTTP.
   *
   * @throws IllegalArgumentException in one line when the certificate or key cannot be used, or
   *     HTTP/2 is asked for without TLS or with an HTTP worker pool
   */
  static ServerTls of(EngineConfig config) {
    EngineTls tls = config.tls();
    if (tls instanceof EngineTls.Off) {
      if (config.http2()) {
        throw new IllegalArgumentException(
            "HTTP/2 is offered only over TLS (ALPN): turn TLS on (self-signed or pem) or HTTP/2"
                + " off");
      }
      return null;
    }
    if (config.http2() && config.httpWorkers() > 0) {
      throw new IllegalArgumentException(
          "HTTP/2 with an HTTP worker pool is not simulated (the pool models an HTTP/1.1"
              + " thread-per-connection server): set http workers to 0 or HTTP/2 off");
    }
    if (tls instanceof EngineTls.SelfSigned selfSigned) {
      return selfSigned(selfSigned, config.host(), config.http2());
    }
    return fromFiles((EngineTls.PemFiles) tls, config.http2());
  }

  private static ServerTls selfSigned(EngineTls.SelfSigned tls, String host, boolean http2) {
    GeneratedCertificate generated = GeneratedCertificate.selfSigned(host);
    Path out;
    try {
      out =
          tls.certificateOut().isPresent()
              ? tls.certificateOut().get()
              : Files.createTempFile("ttftgap-engine-", ".pem");
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot create a file for the engine's certificate: " + e);
    }
    try {
      generated.writePem(out);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "cannot write the engine's certificate to " + out + ": " + e.getCause());
    }
    boolean temporary = tls.certificateOut().isEmpty();
    SslContext context;
    try {
      context =
          build(SslContextBuilder.forServer(generated.key(), generated.certificate()), http2, out);
    } catch (IllegalArgumentException e) {
      if (temporary) {
        delete(out);
      }
      throw e;
    }
    return new ServerTls(context, out, generated.certificate(), http2, temporary);
  }

  private static ServerTls fromFiles(EngineTls.PemFiles tls, boolean http2) {
    X509Certificate first = firstCertificate(tls.certificate());
    SslContextBuilder builder;
    try {
      builder = SslContextBuilder.forServer(tls.certificate().toFile(), tls.privateKey().toFile());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot use TLS key "
              + tls.privateKey()
              + " with certificate "
              + tls.certificate()
              + ": "
              + oneLine(e));
    }
    return new ServerTls(
        build(builder, http2, tls.privateKey()), tls.certificate(), first, http2, false);
  }

  private static X509Certificate firstCertificate(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    } catch (IOException | GeneralSecurityException | ClassCastException e) {
      throw new IllegalArgumentException(
          "cannot read TLS certificate " + file + " as PEM X.509: " + oneLine(e));
    }
  }

  private static SslContext build(SslContextBuilder builder, boolean http2, Path source) {
    builder.sslProvider(SslProvider.JDK);
    if (http2) {
      builder
          .ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE)
          .applicationProtocolConfig(
              new ApplicationProtocolConfig(
                  ApplicationProtocolConfig.Protocol.ALPN,
                  ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                  ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                  ApplicationProtocolNames.HTTP_2,
                  ApplicationProtocolNames.HTTP_1_1));
    }
    try {
      return builder.build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot build the engine's TLS context from " + source + ": " + oneLine(e));
    }
  }

  private static String oneLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    return message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }

  /** A new connection's TLS handler, first in its pipeline. */
  SslHandler newHandler(ByteBufAllocator alloc) {
    return context.newHandler(alloc);
  }

  /** Counts a connection whose ALPN choice was {@code protocol}; any thread. */
  void negotiated(String protocol) {
    negotiated.computeIfAbsent(protocol, p -> new LongAdder()).increment();
  }

  /** Connections per ALPN choice so far, like {@code {h2=3, http/1.1=1}}. */
  Map<String, Long> negotiatedConnections() {
    Map<String, Long> counts = new TreeMap<>();
    negotiated.forEach((protocol, count) -> counts.put(protocol, count.sum()));
    return counts;
  }

  /** Whether ALPN offers {@code h2}. */
  boolean http2() {
    return http2;
  }

  /** The PEM file of the served certificate: the one to trust. */
  Path certificatePath() {
    return certificatePath;
  }

  /** The served certificate (the chain's first). */
  X509Certificate certificate() {
    return certificate;
  }

  /** Deletes the certificate file when it was a temporary one. */
  @Override
  public void close() {
    if (deleteOnClose) {
      delete(certificatePath);
    }
  }

  private static void delete(Path temporary) {
    try {
      Files.deleteIfExists(temporary);
    } catch (IOException e) {
      // a temporary file left behind: harmless
    }
  }
}
