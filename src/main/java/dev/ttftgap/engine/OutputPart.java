package dev.ttftgap.engine;

/** What one output token of the simulated model is, so each API's encoder picks its event. */
enum OutputPart {
  /** Reasoning streamed before the answer (chat {@code reasoning_content}, messages thinking). */
  REASONING,
  /** Visible answer text. */
  CONTENT,
  /** A piece of a tool call's JSON arguments. */
  TOOL_CALL
}
