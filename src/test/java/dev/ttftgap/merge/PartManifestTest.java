package dev.ttftgap.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartManifestTest {
  @Test
  void aPartsManifestReadsBackAsWritten(@TempDir Path dir) {
    PartManifest manifest =
        new PartManifest(
            "run-7", 2, 3, "pod-b", "risingratesimulation", "rising-rate", "00ff", null);

    manifest.write(dir);

    assertThat(PartManifest.readIn(dir)).as("round trip").contains(manifest);
    assertThat(dir.resolve(PartManifest.FILE_NAME))
        .content()
        .as("an undefined start is left out, not written as null")
        .doesNotContain("startAt");
  }

  @Test
  void aFolderWithoutManifestHasNone(@TempDir Path dir) {
    assertThat(PartManifest.readIn(dir)).as("an older run, or records copied alone").isEmpty();
  }

  @Test
  void aDamagedManifestIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(PartManifest.FILE_NAME), "{\"injector\": \"two\"");

    assertThatThrownBy(() -> PartManifest.readIn(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(dir.resolve(PartManifest.FILE_NAME) + ": not a run part (")
        .hasMessageNotContaining("\n");
  }

  @Test
  void theProfileHashIsTheSha256OfItsBytes() {
    assertThat(PartManifest.sha256("abc".getBytes(StandardCharsets.UTF_8)))
        .as("the SHA-256 test vector of \"abc\"")
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }
}
