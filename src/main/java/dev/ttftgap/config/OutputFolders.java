package dev.ttftgap.config;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before any request, that a run can write what it will write at its end: a folder that
 * cannot be created or written would otherwise be found after the whole load was sent.
 *
 * <p>Each folder is created when missing, then a probe file is created in it and deleted: the only
 * test that answers for every file system, permission model and read-only mount.
 */
public final class OutputFolders {
  private OutputFolders() {}

  /**
   * @param setting the setting that names the folder, as the user writes it (e.g. {@code
   *     -Drecords.dir})
   * @param folder the folder a run will write into
   * @throws SettingsException one line naming the setting, the folder, what is wrong and the fix
   */
  public static void checkWritable(String setting, Path folder) {
    Path absolute = folder.toAbsolutePath();
    if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
      throw new SettingsException(
          setting
              + ": "
              + absolute
              + " is a file, not a folder; remove or rename it, or point "
              + setting
              + " elsewhere");
    }
    try {
      Files.createDirectories(absolute);
      Path probe = Files.createTempFile(absolute, ".ttft-gap-write-check-", ".tmp");
      Files.delete(probe);
    } catch (FileAlreadyExistsException e) {
      throw new SettingsException(
          setting
              + ": cannot create "
              + absolute
              + " ("
              + e.getFile()
              + " is a file); point "
              + setting
              + " at a folder");
    } catch (IOException | SecurityException e) {
      throw new SettingsException(
          setting
              + ": cannot write into "
              + absolute
              + " ("
              + e.getClass().getSimpleName()
              + (e.getMessage() != null ? ": " + e.getMessage() : "")
              + "); point "
              + setting
              + " at a writable folder");
    }
  }
}
