package dev.ttftgap.merge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What one part of a run was: {@value #FILE_NAME} in its run folder, beside {@code records.jsonl},
 * written by every load run (a whole run is part 1 of 1). The merge reads it to check that parts
 * ran the same profile.
 *
 * @param runId the id every part of the run shares
 * @param injector 1-based index of this part
 * @param injectorCount number of parts
 * @param host the load generator's host name
 * @param simulation the simulation that ran
 * @param profile the load profile's name
 * @param profileSha256 SHA-256 of the profile as it was read (its file's bytes), hex
 * @param startAt the common start, ISO-8601; null when the run started at once
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PartManifest(
    String runId,
    int injector,
    int injectorCount,
    String host,
    String simulation,
    String profile,
    String profileSha256,
    String startAt) {
  public static final String FILE_NAME = "injector.json";

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  /** Writes {@value #FILE_NAME} into {@code runDir}. */
  public void write(Path runDir) {
    try {
      Files.writeString(
          runDir.resolve(FILE_NAME),
          MAPPER.writeValueAsString(this) + "\n",
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("run part: cannot write " + runDir.resolve(FILE_NAME), e);
    }
  }

  /** The manifest in {@code dir}; empty when there is none (an older run, records copied alone). */
  public static Optional<PartManifest> readIn(Path dir) {
    Path file = dir.resolve(FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(MAPPER.readValue(file.toFile(), PartManifest.class));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          file + ": not a run part (" + e.getOriginalMessage() + "); delete it or restore it");
    } catch (IOException e) {
      throw new UncheckedIOException("run part: cannot read " + file, e);
    }
  }

  /** SHA-256 of {@code bytes}, hex: what two parts compare to know they ran the same profile. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
