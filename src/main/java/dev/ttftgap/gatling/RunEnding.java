package dev.ttftgap.gatling;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The end of a run as the user sees it: the run folder named after the run, the verdict block
 * printed last, the exit status the run asked for.
 *
 * <p>Gatling 3.15.1 names the run folder after the simulation class ({@code
 * risingratesimulation-20261130232048123}) and has no setting to change it. {@link #rename} gives
 * it the run's name ({@code rising-rate-20261130-232048}) from {@code after()}, leaving under
 * Gatling's name a symbolic link to it, through which Gatling then reads its log and writes its
 * HTML report; the link is removed at the JVM's exit. Gatling's own "please open the following
 * file" line names the link (it has no setting for that either), so the end says so and names the
 * run folder: every path the tool prints exists when the command returns.
 *
 * <p>Why at the JVM's exit: Gatling calls the simulation's {@code after()} first, and only then
 * ({@code io.gatling.app.RunResultProcessor}) reads the log, renders the report, prints its global
 * block, the report's path and the assertion results; then {@code Gatling.main} calls {@code
 * System.exit}. Whatever {@code after()} prints is buried under Gatling's lines; a shutdown hook
 * registered there runs after all of them, so the verdict is what the user sees when {@code mvn
 * gatling:test} returns (only Maven's own BUILD lines follow). The hook removes the link, prints,
 * and halts with the run's status when it is not 0 (the circuit breaker's): one hook for the three,
 * since two hooks would run concurrently.
 */
final class RunEnding {
  private RunEnding() {}

  /**
   * Moves {@code gatlingFolder} to {@code runName} beside it (with {@code -2}, {@code -3}... when
   * taken) and links Gatling's name to it; returns the folder the run now lives in, {@code
   * gatlingFolder} itself when it cannot be moved (said in one line). Then says where the records
   * are: in that folder, a path that still holds when the command returns.
   */
  static Path rename(Path gatlingFolder, String runName, PrintStream out) {
    Path runFolder = move(gatlingFolder, runName, out);
    out.println("ttft-gap: records " + runFolder.resolve(RunOutputs.RECORDS_FILE));
    return runFolder;
  }

  private static Path move(Path gatlingFolder, String runName, PrintStream out) {
    if (gatlingFolder.getFileName().toString().equals(runName)
        || !Files.isDirectory(gatlingFolder)) {
      return gatlingFolder;
    }
    Path target = gatlingFolder.resolveSibling(runName);
    for (int n = 2; Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS); n++) {
      target = gatlingFolder.resolveSibling(runName + "-" + n);
    }
    try {
      Files.move(gatlingFolder, target);
    } catch (IOException | RuntimeException e) {
      out.println(
          "ttft-gap: the run folder keeps Gatling's name "
              + gatlingFolder.getFileName()
              + " (could not rename it to "
              + target.getFileName()
              + ": "
              + e
              + ")");
      return gatlingFolder;
    }
    try {
      Files.createSymbolicLink(gatlingFolder, target.getFileName());
    } catch (IOException | RuntimeException e) {
      // without the link Gatling could not find its log: back to its name
      try {
        Files.move(target, gatlingFolder);
      } catch (IOException back) {
        throw new java.io.UncheckedIOException(back);
      }
      out.println(
          "ttft-gap: the run folder keeps Gatling's name "
              + gatlingFolder.getFileName()
              + " (no symbolic link possible here: "
              + e
              + ")");
      return gatlingFolder;
    }
    return target;
  }

  /**
   * At the JVM's exit: removes the link {@link #rename} left at {@code gatlingFolder} (if any),
   * prints {@code block} of {@code runFolder}, and halts with {@code exitStatus} unless it is 0.
   */
  static void atExit(
      Path gatlingFolder, Path runFolder, Function<Path, String> block, int exitStatus) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  end(gatlingFolder, runFolder, block, System.out);
                  if (exitStatus != 0) {
                    Runtime.getRuntime().halt(exitStatus);
                  }
                },
                "ttft-gap-run-ending"));
  }

  /** What the hook does, before halting: unlink, print, flush. */
  static void end(
      Path gatlingFolder, Path runFolder, Function<Path, String> block, PrintStream out) {
    if (!gatlingFolder.equals(runFolder) && Files.isSymbolicLink(gatlingFolder)) {
      try {
        Files.delete(gatlingFolder);
        out.println(
            "ttft-gap: Gatling's \"please open the following file\" line above names "
                + gatlingFolder.getFileName()
                + ", a link removed now; both reports are in "
                + runFolder
                + ", below");
      } catch (IOException e) {
        out.println("ttft-gap: could not remove the link " + gatlingFolder + " (" + e + ")");
      }
    }
    out.println(block.apply(runFolder));
    out.flush();
  }
}
