package dev.ttftgap.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineTlsSettingsTest {
  /** A real certificate (the JDK parses it): a throwaway self-signed EC one, made by openssl. */
  private static final String CERTIFICATE =
      """
      -----BEGIN CERTIFICATE-----
      MIIBgDCCASWgAwIBAgIUKirsBIoRPNSJnDAGcTjemcT7SoIwCgYIKoZIzj0EAwIw
      FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTIwMzExNTEwOFoYDzIxMjYxMTA5
      MTE1MTA4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
      PQMBBwNCAAQJVjvbr81hMYRC7/sdKGDkleuWLNToKPgfqNEZsPe8mUdid/nAgQdE
      rw5QxP2gWVaN2/W9Csfd5BrPl1Jnfn+oo1MwUTAdBgNVHQ4EFgQUeTFnV4Mr13bf
      HKAczhvM9uY5SXQwHwYDVR0jBBgwFoAUeTFnV4Mr13bfHKAczhvM9uY5SXQwDwYD
      VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBGAiEAzapN2lsy3bgpnePOgXJ6
      8aAlA4CAqziPRk6QadN0Yk0CIQCpmIsk3q7bUUhUpAySHsnC8qG+RMoSF3hmz22u
      l8Ie8Q==
      -----END CERTIFICATE-----
      """;

  @TempDir Path folder;

  private static EngineTlsSettings load(String... pairs) {
    Properties props = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      props.setProperty(pairs[i], pairs[i + 1]);
    }
    return EngineTlsSettings.load(SettingsSource.of(Map.of(), props));
  }

  @Test
  void byDefaultTheEngineSpeaksPlainHttp() {
    assertThat(load()).isEqualTo(EngineTlsSettings.OFF);
    assertThat(EngineServerSettings.load(new Properties()).tls()).isEqualTo(EngineTlsSettings.OFF);
  }

  @Test
  void selfSignedWithHttp2AndACertificateOutput() {
    Path out = folder.resolve("engine.pem");
    EngineTlsSettings settings =
        load(
            "engine.tls", "self-signed", "engine.http2", "on", "engine.tlsCertOut", out.toString());

    assertThat(settings.mode()).isEqualTo(EngineTlsSettings.Mode.SELF_SIGNED);
    assertThat(settings.http2()).isTrue();
    assertThat(settings.certificateOut()).contains(out.toAbsolutePath());
  }

  @Test
  void theEnvironmentTwinsAreRead() {
    EngineTlsSettings settings =
        EngineTlsSettings.load(
            SettingsSource.of(
                Map.of("ENGINE_TLS", "self-signed", "ENGINE_HTTP2", "on"), new Properties()));

    assertThat(settings.mode()).isEqualTo(EngineTlsSettings.Mode.SELF_SIGNED);
    assertThat(settings.http2()).isTrue();
  }

  @Test
  void aWrongModeOrHttp2ValueFailsInOneLine() {
    assertThatThrownBy(() -> load("engine.tls", "yes"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("-Dengine.tls: \"yes\" is not a TLS mode; use off, self-signed or pem");
    assertThatThrownBy(() -> load("engine.tls", "self-signed", "engine.http2", "maybe"))
        .hasMessage("-Dengine.http2: \"maybe\" is not on or off");
  }

  @Test
  void http2WithoutTlsIsRefusedWithTheFix() {
    assertThatThrownBy(() -> load("engine.http2", "on"))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dengine.http2: \"on\" needs TLS")
        .hasMessageContaining("-Dengine.tls=self-signed");
  }

  @Test
  void http2WithAWorkerPoolIsRefused() {
    Properties props = new Properties();
    props.setProperty("engine.tls", "self-signed");
    props.setProperty("engine.http2", "on");
    props.setProperty("engine.httpWorkers", "6");

    assertThatThrownBy(() -> EngineServerSettings.load(props))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("-Dengine.http2: on is not simulated together with")
        .hasMessageContaining("-Dengine.httpWorkers=0");
  }

  @Test
  void pemFilesImplyPemAndAreCheckedBeforeTheEngineStarts() throws IOException {
    Path cert = Files.writeString(folder.resolve("server.pem"), CERTIFICATE);
    Path key =
        Files.writeString(
            folder.resolve("server.key"),
            "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n");

    EngineTlsSettings settings =
        load("engine.tlsCert", cert.toString(), "engine.tlsKey", key.toString());

    assertThat(settings.mode()).as("implied by the files").isEqualTo(EngineTlsSettings.Mode.PEM);
    assertThat(settings.certificate()).contains(cert);
    assertThat(settings.key()).contains(key);
    assertThat(settings.certificateOut()).isEqualTo(Optional.empty());
  }

  @Test
  void aMissingCertificateFileNamesTheSetting() {
    Path missing = folder.resolve("missing.pem");
    assertThatThrownBy(
            () -> load("engine.tlsCert", missing.toString(), "engine.tlsKey", missing.toString()))
        .isInstanceOf(SettingsException.class)
        .hasMessage(
            "-Dengine.tlsCert: \""
                + missing
                + "\" is not a readable file; give the path of a PEM certificate");
  }

  @Test
  void aFileThatIsNotACertificateOrKeyNamesTheSettingAndTheFix() throws IOException {
    Path cert = Files.writeString(folder.resolve("server.pem"), CERTIFICATE);
    Path junk = Files.writeString(folder.resolve("junk.txt"), "hello");

    assertThatThrownBy(
            () -> load("engine.tlsCert", junk.toString(), "engine.tlsKey", junk.toString()))
        .hasMessageStartingWith("-Dengine.tlsCert: \"" + junk + "\" is not a PEM certificate")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(
            () -> load("engine.tlsCert", cert.toString(), "engine.tlsKey", junk.toString()))
        .hasMessageStartingWith("-Dengine.tlsKey: \"" + junk + "\" is not a PEM private key");
    Path encrypted =
        Files.writeString(
            folder.resolve("enc.key"),
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n");
    assertThatThrownBy(
            () -> load("engine.tlsCert", cert.toString(), "engine.tlsKey", encrypted.toString()))
        .hasMessageContaining("is an encrypted key; decrypt it");
  }

  @Test
  void aCertificateWithoutItsKeyIsRefused() throws IOException {
    Path cert = Files.writeString(folder.resolve("server.pem"), CERTIFICATE);
    assertThatThrownBy(() -> load("engine.tlsCert", cert.toString()))
        .hasMessageStartingWith("-Dengine.tlsKey: not set; -Dengine.tls=pem needs both");
  }

  @Test
  void filesWithAnotherModeConflict() throws IOException {
    Path cert = Files.writeString(folder.resolve("server.pem"), CERTIFICATE);
    assertThatThrownBy(() -> load("engine.tls", "self-signed", "engine.tlsCert", cert.toString()))
        .hasMessageStartingWith("-Dengine.tlsCert: ")
        .hasMessageContaining("is used only with -Dengine.tls=pem, but engine.tls is self-signed");
    assertThatThrownBy(() -> load("engine.tlsCertOut", folder.resolve("x.pem").toString()))
        .hasMessageContaining("is used only with -Dengine.tls=self-signed, but engine.tls is off");
  }

  @Test
  void aCertificateOutputInAMissingFolderIsRefused() {
    Path out = folder.resolve("no/such/folder/engine.pem");
    assertThatThrownBy(() -> load("engine.tls", "self-signed", "engine.tlsCertOut", out.toString()))
        .hasMessageStartingWith("-Dengine.tlsCertOut: \"" + out + "\" cannot be written");
  }
}
