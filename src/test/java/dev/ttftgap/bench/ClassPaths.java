package dev.ttftgap.bench;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The project's class path for a forked JVM. Under {@code mvn exec:java} the project classes are in
 * the plugin's class loader and {@code java.class.path} is Maven's own launcher; under surefire or
 * a plain {@code java -cp} they are in {@code java.class.path}.
 */
public final class ClassPaths {
  private ClassPaths() {}

  /** The class path that loaded {@code type}. */
  public static String of(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    if (loader instanceof URLClassLoader urls && urls.getURLs().length > 1) {
      return Arrays.stream(urls.getURLs())
          .map(ClassPaths::toPath)
          .collect(Collectors.joining(File.pathSeparator));
    }
    return System.getProperty("java.class.path");
  }

  private static String toPath(URL url) {
    try {
      return Path.of(url.toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("class path entry " + url + " is not a file", e);
    }
  }
}
