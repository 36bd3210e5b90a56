package dev.ttftgap.config;

import java.util.Set;

/**
 * When a streaming response's headers arrive, relative to its first token: the modes the embedded
 * engine can serve ({@code -Dengine.headerMode}) and the timings the preflight reports.
 */
public final class HeaderTimings {
  /** Before the first token: the TTFT − TTFB gap is visible. */
  public static final String AT_ACCEPT = "at-accept";

  /** With the first token: TTFB ≈ TTFT, the gap hides in TTFB. */
  public static final String WITH_FIRST_TOKEN = "with-first-token";

  /** The whole answer at once. */
  public static final String BUFFERED = "buffered";

  /** Every mode the embedded engine serves. */
  public static final Set<String> ALL = Set.of(AT_ACCEPT, WITH_FIRST_TOKEN, BUFFERED);

  private HeaderTimings() {}
}
