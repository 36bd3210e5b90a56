package dev.ttftgap.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The JVM options the pom gives {@code gatling:test}: what every test of the collector reads. */
public final class PomGatlingJvmArgs {
  private static final Pattern JVM_ARGS =
      Pattern.compile(
          "<artifactId>gatling-maven-plugin</artifactId>.*?<jvmArgs>(.*?)</jvmArgs>",
          Pattern.DOTALL);

  private PomGatlingJvmArgs() {}

  /**
   * The Gatling plugin's {@code <jvmArgs>} block of {@code pom.xml} (the working directory's), as
   * written ({@code <jvmArg>…</jvmArg>} lines); null when the pom gives none.
   */
  public static String read() {
    try {
      Matcher jvmArgs = JVM_ARGS.matcher(Files.readString(Path.of("pom.xml")));
      return jvmArgs.find() ? jvmArgs.group(1) : null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
