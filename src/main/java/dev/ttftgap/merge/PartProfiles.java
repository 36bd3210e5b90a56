package dev.ttftgap.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Checks that the parts of one split run ran the same profile file (their manifests' SHA-256). */
final class PartProfiles {
  private PartProfiles() {}

  /** Every manifest must name the same profile hash; returns the parts without a manifest. */
  static List<String> check(String runId, int count, List<RunParts.Part> parts) {
    List<String> unchecked = new ArrayList<>();
    RunParts.Part first = null;
    for (RunParts.Part part : parts) {
      if (part.manifest().isEmpty()) {
        unchecked.add(part.injector() + "/" + count);
        continue;
      }
      PartManifest manifest = part.manifest().get();
      if (!Objects.equals(manifest.runId(), runId) || manifest.injector() != part.injector()) {
        throw new IllegalArgumentException(
            "records: "
                + part.folder().resolve(PartManifest.FILE_NAME)
                + " says part "
                + manifest.injector()
                + "/"
                + manifest.injectorCount()
                + " of run "
                + manifest.runId()
                + ", its records part "
                + part.injector()
                + "/"
                + count
                + " of run "
                + runId
                + "; pass each part's own run folder, unedited");
      }
      if (first == null) {
        first = part;
      } else if (!Objects.equals(
          manifest.profileSha256(), first.manifest().get().profileSha256())) {
        PartManifest other = first.manifest().get();
        throw new IllegalArgumentException(
            "records: part "
                + part.injector()
                + "/"
                + count
                + " of run "
                + runId
                + " ("
                + part.folder()
                + ") ran profile "
                + manifest.profile()
                + " (sha256 "
                + shortHash(manifest.profileSha256())
                + "), part "
                + first.injector()
                + "/"
                + count
                + " ran "
                + other.profile()
                + " (sha256 "
                + shortHash(other.profileSha256())
                + "); every part of a run must run the same profile file");
      }
    }
    return unchecked;
  }

  private static String shortHash(String hash) {
    return hash == null ? "unknown" : hash.substring(0, Math.min(12, hash.length()));
  }
}
