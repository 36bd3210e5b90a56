package dev.ttftgap.report;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LaunchDayScratchTest {
  @Test
  void dump() throws Exception {
    var c = LaunchDayReports.withClasses();
    var r = LaunchDayReports.withRecovery(false);
    var rw = LaunchDayReports.withRecovery(true);
    Files.writeString(Path.of("/tmp/ld/classes.txt"), CapacityConsole.render(c));
    Files.writeString(Path.of("/tmp/ld/recovery.txt"), CapacityConsole.render(r));
    Files.writeString(Path.of("/tmp/ld/classes.md"), CapacityMarkdown.render(c));
    Files.writeString(Path.of("/tmp/ld/recovery.md"), CapacityMarkdown.render(rw));
    Files.writeString(Path.of("/tmp/ld/classes.json"), CapacityJson.render(c));
    Files.writeString(Path.of("/tmp/ld/recovery.json"), CapacityJson.render(rw));
    Files.writeString(Path.of("/tmp/ld/classes.html"), CapacityHtml.render(c));
    Files.writeString(Path.of("/tmp/ld/recovery.html"), CapacityHtml.render(rw));
  }
}
