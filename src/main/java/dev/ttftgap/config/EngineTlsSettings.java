package dev.ttftgap.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.util.Locale;
import java.util.Optional;

/**
 * The embedded engine's TLS and HTTP/2, read and checked before the engine binds (part of {@link
 * EngineServerSettings}).
 *
 * <table>
 *   <caption>System properties (environment twins in capitals: ENGINE_TLS, ...)</caption>
 *   <tr><th>property</th><th>default</th></tr>
 *   <tr><td>{@code engine.tls}</td><td>{@code off}; {@code self-signed} generates a certificate
 *       at start; {@code pem} serves {@code engine.tlsCert} + {@code engine.tlsKey} (implied when
 *       they are set)</td></tr>
 *   <tr><td>{@code engine.tlsCertOut}</td><td>where a self-signed engine writes its certificate;
 *       a temporary file by default</td></tr>
 *   <tr><td>{@code engine.http2}</td><td>{@code off}; {@code on} offers h2 by ALPN</td></tr>
 * </table>
 *
 * <p>The files are checked here as far as the JDK alone can: the certificate must parse as PEM
 * X.509, the key must be a PEM private key and not an encrypted one. What only the TLS library can
 * tell (a key that does not match the certificate) fails when the engine starts, in one line too.
 *
 * @param mode off, self-signed or pem
 * @param certificate the served certificate with {@link Mode#PEM}
 * @param key its private key with {@link Mode#PEM}
 * @param certificateOut where {@link Mode#SELF_SIGNED} writes its certificate, empty for a
 *     temporary file
 * @param http2 whether ALPN offers h2
 */
public record EngineTlsSettings(
    Mode mode,
    Optional<Path> certificate,
    Optional<Path> key,
    Optional<Path> certificateOut,
    boolean http2) {

  /** Plain HTTP: the defaults. */
  public static final EngineTlsSettings OFF =
      new EngineTlsSettings(Mode.OFF, Optional.empty(), Optional.empty(), Optional.empty(), false);

  /** Where the engine's certificate comes from. */
  public enum Mode {
    OFF("off"),
    SELF_SIGNED("self-signed"),
    PEM("pem");

    private final String label;

    Mode(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * Settings from {@code source}.
   *
   * @throws SettingsException naming the setting and the fix
   */
  public static EngineTlsSettings load(SettingsSource source) {
    Optional<SettingsSource.Value> cert = source.get(Setting.ENGINE_TLS_CERT);
    Optional<SettingsSource.Value> key = source.get(Setting.ENGINE_TLS_KEY);
    Optional<SettingsSource.Value> out = source.get(Setting.ENGINE_TLS_CERT_OUT);
    Mode mode = mode(source, cert.isPresent() || key.isPresent());
    boolean http2 = http2(source, mode);
    if (mode != Mode.PEM) {
      cert.or(() -> key).ifPresent(v -> notWith(v, "pem", mode));
    }
    if (mode != Mode.SELF_SIGNED) {
      out.ifPresent(v -> notWith(v, "self-signed", mode));
    }
    return switch (mode) {
      case OFF -> OFF;
      case SELF_SIGNED ->
          new EngineTlsSettings(
              mode, Optional.empty(), Optional.empty(), out.map(v -> certificateOut(v)), http2);
      case PEM ->
          new EngineTlsSettings(
              mode,
              Optional.of(certificate(required(cert, Setting.ENGINE_TLS_CERT))),
              Optional.of(privateKey(required(key, Setting.ENGINE_TLS_KEY))),
              Optional.empty(),
              http2);
    };
  }

  private static Mode mode(SettingsSource source, boolean filesGiven) {
    Optional<SettingsSource.Value> value = source.get(Setting.ENGINE_TLS);
    if (value.isEmpty()) {
      return filesGiven ? Mode.PEM : Mode.OFF;
    }
    String text = value.get().value().toLowerCase(Locale.ROOT);
    for (Mode mode : Mode.values()) {
      if (mode.label.equals(text)) {
        return mode;
      }
    }
    throw bad(value.get(), "is not a TLS mode; use off, self-signed or pem");
  }

  private static boolean http2(SettingsSource source, Mode mode) {
    Optional<SettingsSource.Value> value = source.get(Setting.ENGINE_HTTP2);
    if (value.isEmpty()) {
      return false;
    }
    String text = value.get().value().toLowerCase(Locale.ROOT);
    boolean on =
        switch (text) {
          case "on", "true" -> true;
          case "off", "false" -> false;
          default -> throw bad(value.get(), "is not on or off");
        };
    if (on && mode == Mode.OFF) {
      throw bad(
          value.get(),
          "needs TLS (h2 is offered by ALPN only): also set -Dengine.tls=self-signed or pem");
    }
    return on;
  }

  private static void notWith(SettingsSource.Value value, String needed, Mode mode) {
    throw bad(
        value,
        "is used only with -Dengine.tls="
            + needed
            + ", but engine.tls is "
            + mode.label
            + "; remove it or set -Dengine.tls="
            + needed);
  }

  private static SettingsSource.Value required(
      Optional<SettingsSource.Value> value, Setting setting) {
    return value.orElseThrow(
        () ->
            new SettingsException(
                "-D"
                    + setting.property().orElseThrow()
                    + ": not set; -Dengine.tls=pem needs both -Dengine.tlsCert and"
                    + " -Dengine.tlsKey (PEM files)"));
  }

  private static Path readableFile(SettingsSource.Value value, String what) {
    Path path = path(value, what);
    if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
      throw bad(value, "is not a readable file; give the path of " + what);
    }
    return path;
  }

  private static Path path(SettingsSource.Value value, String what) {
    try {
      return Path.of(value.value());
    } catch (InvalidPathException e) {
      throw bad(value, "is not a path of " + what);
    }
  }

  private static Path certificate(SettingsSource.Value value) {
    Path path = readableFile(value, "a PEM certificate");
    try (InputStream in = Files.newInputStream(path)) {
      if (CertificateFactory.getInstance("X.509").generateCertificates(in).isEmpty()) {
        throw new GeneralSecurityException("no certificate");
      }
    } catch (IOException | GeneralSecurityException e) {
      throw bad(
          value,
          "is not a PEM certificate (-----BEGIN CERTIFICATE-----); give the server's certificate"
              + " chain in PEM");
    }
    return path;
  }

  private static Path privateKey(SettingsSource.Value value) {
    Path path = readableFile(value, "a PEM private key");
    String text;
    try {
      text = Files.readString(path, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw bad(value, "cannot be read: " + e);
    }
    if (text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")) {
      throw bad(
          value,
          "is an encrypted key; decrypt it (openssl pkcs8 -in KEY -out KEY.pem) and give that");
    }
    if (!text.matches("(?s).*-----BEGIN ([A-Z]+ )?PRIVATE KEY-----.*")) {
      throw bad(
          value,
          "is not a PEM private key (-----BEGIN PRIVATE KEY-----); give the certificate's key"
              + " in PEM");
    }
    return path;
  }

  private static Path certificateOut(SettingsSource.Value value) {
    Path path = path(value, "a file to write the certificate to").toAbsolutePath();
    Path folder = path.getParent();
    if (Files.isDirectory(path) || folder == null || !Files.isDirectory(folder)) {
      throw bad(
          value,
          "cannot be written: name a file in an existing folder, like target/engine-cert.pem");
    }
    return path;
  }

  /** {@code -Dengine.x: "value" problem}: {@link SettingChecks#invalid} of {@code value}. */
  private static SettingsException bad(SettingsSource.Value value, String problem) {
    return SettingChecks.invalid(value.name(), value.rawValue(), problem);
  }
}
