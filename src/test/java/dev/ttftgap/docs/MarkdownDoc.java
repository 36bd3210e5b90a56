package dev.ttftgap.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown page split into what {@link DocsScanner} reads: its lines, the code on each line
 * (inline {@code `spans`} and every line of a fenced block) and its shell commands (a fenced
 * block's lines joined where they end in {@code \}, and inline spans, each with the line it starts
 * on).
 *
 * @param name the page's path as the findings name it, e.g. {@code docs/engine.md}
 * @param directory the page's folder relative to the repository root ({@code ""} for the root),
 *     against which its relative links resolve
 * @param lines the page's lines
 */
record MarkdownDoc(String name, String directory, List<String> lines) {
  private static final Pattern SPAN = Pattern.compile("`([^`]+)`");

  /** A piece of code, the 1-based line it starts on, and whether it is in a fenced block. */
  record Code(int line, String text, boolean fenced) {}

  static MarkdownDoc of(String name, String text) {
    int slash = name.lastIndexOf('/');
    return new MarkdownDoc(
        name, slash < 0 ? "" : name.substring(0, slash), List.of(text.split("\n", -1)));
  }

  /** Inline spans outside fences, and every fenced line, each as one piece. */
  List<Code> code() {
    List<Code> code = new ArrayList<>();
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
      } else if (fenced) {
        code.add(new Code(i + 1, line, true));
      } else {
        Matcher m = SPAN.matcher(line);
        while (m.find()) {
          code.add(new Code(i + 1, m.group(1), false));
        }
      }
    }
    return code;
  }

  /** {@link #code()} with a fenced line ending in {@code \} joined to the next. */
  List<Code> commands() {
    List<Code> commands = new ArrayList<>();
    Code open = null;
    for (Code piece : code()) {
      String text =
          (open == null ? piece.text() : open.text() + " " + piece.text().strip()).stripTrailing();
      Code joined = new Code(open == null ? piece.line() : open.line(), text, piece.fenced());
      if (piece.fenced() && text.endsWith("\\")) {
        open = new Code(joined.line(), text.substring(0, text.length() - 1), true);
      } else {
        commands.add(joined);
        open = null;
      }
    }
    if (open != null) {
      commands.add(open);
    }
    return commands;
  }

  /** The page's prose and code with inline code spans removed, for its links. */
  String lineWithoutSpans(int index) {
    return SPAN.matcher(lines.get(index)).replaceAll("");
  }
}
