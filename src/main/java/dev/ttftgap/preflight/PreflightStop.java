package dev.ttftgap.preflight;

/** Ends the probe sequence with a diagnosis; never escapes {@link Preflight#run()}. */
final class PreflightStop extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient Diagnosis diagnosis;
  private final String headerTiming;

  private PreflightStop(Diagnosis diagnosis, String headerTiming) {
    super(diagnosis.line(), null, false, false);
    this.diagnosis = diagnosis;
    this.headerTiming = headerTiming;
  }

  static PreflightStop of(Diagnosis.Kind kind, String line) {
    return new PreflightStop(new Diagnosis(kind, line), PreflightResult.UNKNOWN);
  }

  static PreflightStop of(Diagnosis.Kind kind, String headerTiming, String line) {
    return new PreflightStop(new Diagnosis(kind, line), headerTiming);
  }

  static PreflightStop of(Diagnosis diagnosis) {
    return new PreflightStop(diagnosis, PreflightResult.UNKNOWN);
  }

  Diagnosis diagnosis() {
    return diagnosis;
  }

  String headerTiming() {
    return headerTiming;
  }
}
