package dev.ttftgap.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A self-signed server certificate made at start: an EC P-256 key, {@code CN=localhost}, valid from
 * a day ago for 30 days, with the subject alternative names {@code DNS:localhost}, {@code
 * IP:127.0.0.1}, {@code IP:::1} and the engine's bound host (Java's {@code HttpClient} and Gatling
 * check the IP name when the URL holds an address).
 *
 * @param key the private key, never written anywhere
 * @param certificate the certificate, written with {@link #writePem} for clients to trust
 */
record GeneratedCertificate(PrivateKey key, X509Certificate certificate) {
  private static final Duration VALIDITY = Duration.ofDays(30);

  /** A new certificate for loopback and {@code host} (an address or a DNS name). */
  static GeneratedCertificate selfSigned(String host) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
      KeyPair pair = generator.generateKeyPair();
      X500Name subject = new X500Name("CN=localhost");
      Instant now = Instant.now();
      X509v3CertificateBuilder builder =
          new JcaX509v3CertificateBuilder(
              subject,
              new BigInteger(63, new SecureRandom()),
              Date.from(now.minus(Duration.ofDays(1))),
              Date.from(now.plus(VALIDITY)),
              subject,
              pair.getPublic());
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
      builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names(host)));
      X509Certificate certificate =
          new JcaX509CertificateConverter()
              .getCertificate(
                  builder.build(
                      new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
      return new GeneratedCertificate(pair.getPrivate(), certificate);
    } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
      throw new IllegalStateException("cannot generate the engine's TLS certificate: " + e, e);
    }
  }

  private static GeneralName[] names(String host) {
    Set<String> dns = new LinkedHashSet<>(List.of("localhost"));
    Set<String> ips = new LinkedHashSet<>(List.of("127.0.0.1", "::1"));
    if (isAddress(host)) {
      ips.add(host);
    } else {
      dns.add(host);
    }
    List<GeneralName> names = new ArrayList<>();
    dns.forEach(name -> names.add(new GeneralName(GeneralName.dNSName, name)));
    ips.forEach(ip -> names.add(new GeneralName(GeneralName.iPAddress, ip)));
    return names.toArray(GeneralName[]::new);
  }

  private static boolean isAddress(String host) {
    if (host.contains(":")) {
      return true;
    }
    return host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
  }

  /** The certificate as PEM text. */
  String pem() {
    try {
      return "-----BEGIN CERTIFICATE-----\n"
          + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(certificate.getEncoded())
          + "\n-----END CERTIFICATE-----\n";
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot encode the engine's TLS certificate: " + e, e);
    }
  }

  /** Writes {@link #pem()} to {@code file}, replacing it. */
  void writePem(Path file) {
    try {
      Files.writeString(file, pem(), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the engine's certificate to " + file, e);
    }
  }
}
