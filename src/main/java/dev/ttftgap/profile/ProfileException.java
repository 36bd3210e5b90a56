package dev.ttftgap.profile;

/**
 * A load profile cannot be used. The message is one line: the file, the field path, what is wrong
 * and what is allowed, e.g. {@code simulations/rising-rate.json: load.steps[2]: 0 is not a rate;
 * use a number > 0 (requests/s)}.
 */
public final class ProfileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ProfileException(String message) {
    super(message);
  }
}
