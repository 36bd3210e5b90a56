package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads {@link ModelProfile}s: the built-in ones and files of profiles, each validated, names
 * unique.
 *
 * <p>Built-in profiles ({@code dev/ttftgap/engine/profiles.json}), with the default request shape
 * and the analytic saturation rate λ_sat:
 *
 * <table>
 *   <caption>built-in profiles</caption>
 *   <tr><th>name</th><th>max_num_seqs</th><th>step (base + per seq)</th><th>prefill/token</th>
 *       <th>shape (prompt → output)</th><th>λ_sat</th></tr>
 *   <tr><td>qwen3-8b-like (default)</td><td>8</td><td>10 + 0.5 ms</td><td>0.1475 ms</td>
 *       <td>100 → 64</td><td>7.89 req/s</td></tr>
 *   <tr><td>qwen3-14b-like</td><td>8</td><td>14 + 0.7 ms</td><td>0.194 ms</td>
 *       <td>100 → 64</td><td>5.68 req/s</td></tr>
 *   <tr><td>llamacpp-cpu-like</td><td>4</td><td>16 + 4 ms</td><td>2.75 ms</td>
 *       <td>100 → 64</td><td>1.27 req/s</td></tr>
 *   <tr><td>tiny-fast</td><td>8</td><td>2 + 0.1 ms</td><td>0.01 ms</td>
 *       <td>100 → 16</td><td>≈ 151 req/s</td></tr>
 *   <tr><td>stress</td><td>4096</td><td>8 + 0.001 ms</td><td>0.0005 ms</td>
 *       <td>20 → 64</td><td>≈ 5,000 req/s</td></tr>
 * </table>
 *
 * <p>Worked example, {@code qwen3-8b-like}: 8 / (64 × (10 + 0.5 × 8) + 8 × 100 × 0.1475) ms = 8 /
 * 1,014 ms = 7.89 requests/s. Above that rate the waiting queue grows without bound and the TTFT −
 * TTFB gap grows with it. Low-load TTFT is one prefill step: {@code base + per_seq + P ×
 * per_prefill_token} = 25.3 ms at 100 prompt tokens and 305.5 ms at 2,000 (14b: 34.1 ms and 402.7
 * ms, so the 14b is ≈ 97 ms slower at 2,000 tokens, as the source article comparing the two
 * measured).
 *
 * <p>Memory bound: the 8b/14b profiles have 400 blocks of 16 tokens: 36 sequences of 100 + 64
 * tokens fit (max_num_seqs binds, 7.89 req/s), but only 3 of 2,000 + 64 (8b: 3 / (64 × 11.5 + 3 ×
 * 2,000 × 0.1475) ms = 1.85 req/s instead of 2.46; 14b: 1.37 instead of 1.84).
 *
 * <p>{@code llamacpp-cpu-like}, shaped like a CPU llama.cpp server with 4 slots: 4 / (64 × (16 + 4
 * × 4) + 4 × 100 × 2.75) ms = 4 / 3,148 ms = 1.27 requests/s; low-load TTFT 16 + 4 + 275 = 295 ms,
 * inter-token 20 ms alone and 32 ms at a full batch, and a step that prefills a new 100-token
 * prompt lasts 275 ms more, so the running streams pause about 0.3 s at each admission. It has no
 * KV-cache limit, hence never preempts (llama.cpp's slots own their context).
 */
final class ModelProfiles {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
  private static final String BUILT_IN_RESOURCE = "/dev/ttftgap/engine/profiles.json";

  private ModelProfiles() {}

  /** The built-in profiles, default first. */
  static List<ModelProfile> builtIns() {
    try (InputStream in = ModelProfiles.class.getResourceAsStream(BUILT_IN_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + BUILT_IN_RESOURCE);
      }
      return parse(MAPPER.readTree(in), BUILT_IN_RESOURCE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The built-in profile called {@code name}. */
  static ModelProfile builtIn(String name) {
    return builtIns().stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown profile '" + name + "'; built-in profiles: " + names(builtIns())));
  }

  /**
   * Profiles from a JSON file: {@code {"profiles":[{...}, ...]}} or a bare array, fields as in the
   * built-in resource.
   */
  static List<ModelProfile> load(Path json) {
    try {
      return parse(MAPPER.readTree(json.toFile()), json.toString());
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "profiles file " + json + " is not readable JSON: " + e.getMessage(), e);
    }
  }

  private static List<ModelProfile> parse(JsonNode root, String source) throws IOException {
    JsonNode array = root.isArray() ? root : root.path("profiles");
    if (!array.isArray() || array.isEmpty()) {
      throw new IllegalArgumentException(
          source + ": expected {\"profiles\":[...]} or an array with at least one profile");
    }
    List<ModelProfile> profiles = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (JsonNode node : array) {
      ModelProfile profile;
      try {
        profile = MAPPER.treeToValue(node, ModelProfile.class);
      } catch (IOException e) {
        Throwable cause = e.getCause() instanceof IllegalArgumentException ? e.getCause() : e;
        String detail =
            cause instanceof com.fasterxml.jackson.core.JsonProcessingException jpe
                ? jpe.getOriginalMessage()
                : cause.getMessage();
        throw new IllegalArgumentException(
            source + ": invalid profile " + node.path("name") + ": " + detail, e);
      }
      if (!seen.add(profile.name())) {
        throw new IllegalArgumentException(source + ": duplicate profile name " + profile.name());
      }
      profiles.add(profile);
    }
    return List.copyOf(profiles);
  }

  static String names(List<ModelProfile> profiles) {
    return String.join(", ", profiles.stream().map(ModelProfile::name).toList());
  }
}
