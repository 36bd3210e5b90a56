package dev.ttftgap.config;

/**
 * A setting has a value that cannot be used. The message is one line: the setting's name, what is
 * wrong, and how to fix it; it never contains the API key.
 */
public final class SettingsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SettingsException(String message) {
    super(message);
  }
}
