package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real certificates, made by the JDK's keytool. */
class TrustSettingsTest {
  @TempDir static Path dir;
  private static Certificate first;
  private static Certificate second;

  @BeforeAll
  static void certificates() throws Exception {
    first = keytoolCertificate("first");
    second = keytoolCertificate("second");
  }

  /** A self-signed certificate from {@code keytool -genkeypair}, read back from its store. */
  static Certificate keytoolCertificate(String name) throws Exception {
    Path store = dir.resolve(name + ".p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                name,
                "-keyalg",
                "EC",
                "-dname",
                "CN=" + name,
                "-ext",
                "SAN=dns:localhost,ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    String output = new String(keytool.getInputStream().readAllBytes());
    assertThat(keytool.waitFor()).as(output).isZero();
    KeyStore keyStore = KeyStore.getInstance("PKCS12");
    try (var in = Files.newInputStream(store)) {
      keyStore.load(in, "changeit".toCharArray());
    }
    return keyStore.getCertificate(name);
  }

  static String pem(Certificate certificate) throws Exception {
    return "-----BEGIN CERTIFICATE-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(certificate.getEncoded())
        + "\n-----END CERTIFICATE-----\n";
  }

  @Test
  void aPemBundleTrustsEachOfItsCertificates() throws Exception {
    Path bundle = dir.resolve("bundle.pem");
    Files.writeString(bundle, "# our CAs\n" + pem(first) + "junk between\n" + pem(second));

    TrustSettings trust =
        TrustSettings.load(
            SettingsSource.of(Map.of("SSL_CERT_FILE", bundle.toString()), new Properties()));

    assertThat(trust.custom()).isTrue();
    assertThat(trust.trustStore().size()).isEqualTo(2);
    assertThat(
            List.of(
                trust.trustStore().getCertificate("ca-0"),
                trust.trustStore().getCertificate("ca-1")))
        .containsExactly(first, second);
    assertThat(trust.describe()).isEqualTo("CAs from SSL_CERT_FILE=" + bundle);
    assertThat(trust.trustManagerFactory().getTrustManagers()).isNotEmpty();
  }

  @Test
  void aPkcs12TrustStoreOfTheConventionalPasswordIsRead() throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setCertificateEntry("ca", first);
    Path file = dir.resolve("trust.p12");
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, "changeit".toCharArray());
    }

    TrustSettings trust = TrustSettings.read(file, "LLM_CA_FILE");

    assertThat(trust.trustStore().getCertificate("ca")).isEqualTo(first);
  }

  @Test
  void noFileMeansTheJvmsCas() {
    TrustSettings trust = TrustSettings.load(SettingsSource.of(Map.of(), new Properties()));

    assertThat(trust.custom()).isFalse();
    assertThat(trust.describe()).isEqualTo("the JVM's CAs");
  }

  @Test
  void badFilesFailWithOneLineNamingTheSettingAndTheFix() throws Exception {
    Path missing = dir.resolve("missing.pem");
    Path empty = Files.writeString(dir.resolve("empty.pem"), "not a certificate at all\n");
    Path broken =
        Files.writeString(
            dir.resolve("broken.pem"),
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");
    Path keyOnly = dir.resolve("first.p12");

    assertThatThrownBy(() -> TrustSettings.read(missing, "LLM_CA_FILE"))
        .isInstanceOf(SettingsException.class)
        .hasMessage(
            "LLM_CA_FILE="
                + missing
                + ": no such file; give a PEM CA bundle or a .p12/.jks trust store");
    assertThatThrownBy(() -> TrustSettings.read(empty, "REQUESTS_CA_BUNDLE"))
        .hasMessage(
            "REQUESTS_CA_BUNDLE="
                + empty
                + ": holds no certificate; give the CA that signed the server's");
    assertThatThrownBy(() -> TrustSettings.read(keyOnly, "LLM_CA_FILE"))
        .as("a key store of the server's own key is no trust store")
        .hasMessageStartingWith("LLM_CA_FILE=" + keyOnly + ": holds no certificate")
        .hasMessageContaining("keytool -exportcert -rfc");
    for (Path bad : List.of(broken)) {
      assertThatThrownBy(() -> TrustSettings.read(bad, "-Dllm.caFile"))
          .isInstanceOf(SettingsException.class)
          .message()
          .startsWith("-Dllm.caFile=" + bad + ": ")
          .doesNotContain("\n");
    }
  }
}
