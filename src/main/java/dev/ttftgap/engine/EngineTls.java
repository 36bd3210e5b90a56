package dev.ttftgap.engine;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the engine speaks TLS, and with which certificate: {@link Off} (plain HTTP, the default),
 * {@link SelfSigned} (a certificate generated at start for {@code localhost}, {@code 127.0.0.1},
 * {@code ::1} and the bound host, written as PEM for clients to trust), or {@link PemFiles} (a
 * certificate and key given as PEM files). {@link EmbeddedEngine#certificatePath()} names the
 * certificate file a client should trust in both TLS cases.
 */
public sealed interface EngineTls {

  /** Plain HTTP. */
  static EngineTls off() {
    return new Off();
  }

  /** A certificate generated at start, written to a temporary file deleted at close. */
  static EngineTls selfSigned() {
    return new SelfSigned(Optional.empty());
  }

  /** A certificate generated at start, written (PEM) to {@code certificateOut}. */
  static EngineTls selfSigned(Path certificateOut) {
    return new SelfSigned(Optional.of(certificateOut));
  }

  /** The certificate (chain) and its private key from PEM files. */
  static EngineTls pemFiles(Path certificate, Path privateKey) {
    return new PemFiles(certificate, privateKey);
  }

  /** Plain HTTP, no TLS. */
  record Off() implements EngineTls {
    @Override
    public String label() {
      return "off";
    }
  }

  /**
   * @param certificateOut where the certificate is written; empty for a temporary file
   */
  record SelfSigned(Optional<Path> certificateOut) implements EngineTls {
    public SelfSigned {
      Objects.requireNonNull(certificateOut, "certificateOut");
    }

    @Override
    public String label() {
      return "self-signed";
    }
  }

  /**
   * @param certificate PEM certificate chain, the server's first
   * @param privateKey its PEM private key (PKCS#8, or PKCS#1/SEC1 read by Bouncy Castle)
   */
  record PemFiles(Path certificate, Path privateKey) implements EngineTls {
    public PemFiles {
      Objects.requireNonNull(certificate, "certificate");
      Objects.requireNonNull(privateKey, "privateKey");
    }

    @Override
    public String label() {
      return "pem";
    }
  }

  /** {@code off}, {@code self-signed} or {@code pem}: the settings' word for it. */
  String label();
}
