package dev.ttftgap.config;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The CAs an https target is checked against: the JVM's own when no file is given, else only those
 * of {@code LLM_CA_FILE} (or {@code SSL_CERT_FILE} / {@code REQUESTS_CA_BUNDLE}, the conventions of
 * OpenSSL and Python's requests): a PEM bundle of one or more {@code CERTIFICATE} blocks, or a
 * PKCS#12 / JKS trust store without a password or with the JDK's conventional {@code changeit}. An
 * unreadable file, or one with no trusted-certificate entry, fails with one line naming the setting
 * and the fix, before any load.
 *
 * @param file the trust file, empty for the JVM's CAs
 * @param setting the name the file came under, e.g. {@code SSL_CERT_FILE}
 * @param trustStore its certificates, null for the JVM's CAs
 */
public record TrustSettings(Optional<Path> file, String setting, KeyStore trustStore) {
  /** The JVM's own CAs. */
  public static final TrustSettings JVM = new TrustSettings(Optional.empty(), "", null);

  private static final Pattern PEM_CERTIFICATE =
      Pattern.compile("-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\\s]+?)-----END CERTIFICATE-----");

  /** The trust of {@code source}'s {@link Setting#LLM_CA_FILE}. */
  public static TrustSettings load(SettingsSource source) {
    Optional<SettingsSource.Value> value = source.get(Setting.LLM_CA_FILE);
    if (value.isEmpty()) {
      return JVM;
    }
    return read(Path.of(value.get().value()), value.get().name());
  }

  /** The certificates of {@code file}, named {@code setting} in any error. */
  public static TrustSettings read(Path file, String setting) {
    if (!Files.isRegularFile(file)) {
      throw new SettingsException(
          setting + "=" + file + ": no such file; give a PEM CA bundle or a .p12/.jks trust store");
    }
    try {
      byte[] bytes = Files.readAllBytes(file);
      KeyStore store = isKeyStore(file) ? keyStore(file, bytes) : pemStore(bytes);
      if (trustedCertificates(store) == 0) {
        throw new SettingsException(
            setting
                + "="
                + file
                + ": holds no certificate; give the CA that signed the server's"
                + (isKeyStore(file)
                    ? " (a store of another password: export it with keytool -exportcert -rfc)"
                    : ""));
      }
      return new TrustSettings(Optional.of(file), setting, store);
    } catch (IOException | GeneralSecurityException e) {
      throw new SettingsException(
          setting
              + "="
              + file
              + ": not a readable CA file ("
              + oneLine(e)
              + "); give a PEM bundle or a .p12/.jks trust store without password");
    }
  }

  private static boolean isKeyStore(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".p12") || name.endsWith(".pfx") || name.endsWith(".jks");
  }

  private static KeyStore keyStore(Path file, byte[] bytes)
      throws IOException, GeneralSecurityException {
    String type =
        file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jks") ? "JKS" : "PKCS12";
    KeyStore store = KeyStore.getInstance(type);
    try (InputStream in = new ByteArrayInputStream(bytes)) {
      store.load(in, null);
    }
    if (trustedCertificates(store) == 0) {
      // certificates protected by the conventional password, as keytool writes them
      try (InputStream in = new ByteArrayInputStream(bytes)) {
        store.load(in, "changeit".toCharArray());
      } catch (IOException wrongPassword) {
        return store;
      }
    }
    return store;
  }

  private static int trustedCertificates(KeyStore store) throws KeyStoreException {
    int count = 0;
    for (String alias : java.util.Collections.list(store.aliases())) {
      if (store.isCertificateEntry(alias)) {
        count++;
      }
    }
    return count;
  }

  private static KeyStore pemStore(byte[] bytes) throws IOException, GeneralSecurityException {
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    List<Certificate> certificates = new ArrayList<>();
    Matcher blocks = PEM_CERTIFICATE.matcher(new String(bytes, StandardCharsets.US_ASCII));
    while (blocks.find()) {
      String block = "-----BEGIN CERTIFICATE-----" + blocks.group(1) + "-----END CERTIFICATE-----";
      certificates.add(
          factory.generateCertificate(
              new ByteArrayInputStream(block.getBytes(StandardCharsets.US_ASCII))));
    }
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    for (int i = 0; i < certificates.size(); i++) {
      store.setCertificateEntry("ca-" + i, certificates.get(i));
    }
    return store;
  }

  private static String oneLine(Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.lines().findFirst().orElse("").strip();
  }

  /** Whether only the given file's CAs are trusted. */
  public boolean custom() {
    return trustStore != null;
  }

  /** The trust managers of these CAs (the JVM's when none is given). */
  public TrustManagerFactory trustManagerFactory() {
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(trustStore);
      return factory;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("trust managers: " + e, e);
    }
  }

  /** A TLS context that trusts these CAs, for the JDK's own HTTP client. */
  public SSLContext sslContext() {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trustManagerFactory().getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("TLS context: " + e, e);
    }
  }

  /** {@code "CAs from SSL_CERT_FILE=/etc/ca.pem"} or {@code "the JVM's CAs"}. */
  public String describe() {
    return file.map(f -> "CAs from " + setting + "=" + f).orElse("the JVM's CAs");
  }
}
