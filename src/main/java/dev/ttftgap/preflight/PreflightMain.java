package dev.ttftgap.preflight;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Command line preflight of a real endpoint, with the simulations' settings.
 *
 * <p>Environment: {@code LLM_BASE_URL} (fallback {@code OPENAI_BASE_URL}), the URL that precedes
 * {@code /chat/completions}, e.g. {@code http://localhost:8000/v1}; {@code LLM_API_KEY} (fallback
 * {@code OPENAI_API_KEY}, environment only, never printed); {@code LLM_MODEL}. Exit code 0 when the
 * target is fit for a load run, 1 on a diagnosis (also for a missing {@code LLM_MODEL}: it lists
 * the served ids), 2 when no base URL is set.
 */
public final class PreflightMain {
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private PreflightMain() {}

  public static void main(String[] args) {
    System.exit(run(System.getenv(), System.out, System.err));
  }

  static int run(Map<String, String> env, PrintStream out, PrintStream err) {
    Optional<String> base = first(env, "LLM_BASE_URL", "OPENAI_BASE_URL");
    if (base.isEmpty()) {
      err.println(
          "LLM_BASE_URL is not set: export it as the URL before /chat/completions, e.g."
              + " http://localhost:8000/v1 (the simulations use the embedded engine without it)");
      return 2;
    }
    // without LLM_MODEL the preflight still runs: its diagnosis lists the served ids
    String model = first(env, "LLM_MODEL").orElse(null);
    PreflightTarget target = targetOf(base.get(), env, model);
    PreflightResult result = new Preflight(target, env).run();
    if (result.ok()) {
      out.println(result.summaryLine());
      if (!result.servedModels().isEmpty()) {
        out.println("served models: " + String.join(", ", result.servedModels()));
      }
      return 0;
    }
    err.println(result.summaryLine());
    return 1;
  }

  static PreflightTarget targetOf(String baseUrl, Map<String, String> env, String model) {
    String base = baseUrl.strip().replaceAll("/+$", "");
    // a key that is set but empty counts as "not configured", like an unset one
    Optional<String> key =
        Optional.ofNullable(env.get("LLM_API_KEY"))
            .filter(k -> !k.isEmpty())
            .or(() -> Optional.ofNullable(env.get("OPENAI_API_KEY")).filter(k -> !k.isEmpty()));
    return new PreflightTarget(
        base + BaseUrlPaths.CHAT_SUFFIX,
        base + "/models",
        key,
        model == null ? null : model.strip(),
        TIMEOUT);
  }

  private static Optional<String> first(Map<String, String> env, String... names) {
    for (String name : names) {
      String value = env.get(name);
      if (value != null && !value.isBlank()) {
        return Optional.of(value.strip());
      }
    }
    return Optional.empty();
  }
}
