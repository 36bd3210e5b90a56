package dev.ttftgap.gatling;

import dev.ttftgap.analysis.BurstPlan;
import dev.ttftgap.analysis.CapacityOptions;
import dev.ttftgap.analysis.ClassSpec;
import dev.ttftgap.analysis.Slo;
import dev.ttftgap.config.RunPart;
import dev.ttftgap.config.Setting;
import dev.ttftgap.config.Settings;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.config.StopWhenSaturated;
import dev.ttftgap.preflight.Preflight;
import dev.ttftgap.profile.ApiShape;
import dev.ttftgap.profile.LengthDistribution;
import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.LoadProfiles;
import dev.ttftgap.profile.LoadSplit;
import dev.ttftgap.profile.ProfileOverrides;
import dev.ttftgap.profile.PromptMode;
import dev.ttftgap.profile.RequestExtras;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.stream.TtftKind;
import dev.ttftgap.tokens.TokenCalibration;
import dev.ttftgap.tokens.TokenCounter;
import java.util.Optional;

/**
 * What a {@link LoadRun} is prepared from, validated before any load: settings, load profile, its
 * headers, this injector's part, and the target (checked by its preflight).
 *
 * @param settings the run's settings
 * @param profile the load profile, with the overrides applied
 * @param headers the profile's headers, resolved from the environment
 * @param part which injector of the run this is
 * @param target the endpoint under test
 */
record RunSetup(
    Settings settings,
    LoadProfile profile,
    RequestExtras.ResolvedHeaders headers,
    RunPart part,
    Target target) {

  /** Loads and checks everything, then resolves the target; prints what the run will load. */
  static RunSetup load() {
    Settings settings = Settings.load();
    ProfileOverrides overrides = ProfileOverrides.load();
    LoadProfile profile =
        LoadProfiles.load(
            settings.profile(),
            SettingsSource.current().folder(Setting.SIMULATIONS_DIR),
            overrides);
    RequestExtras.ResolvedHeaders headers =
        RequestExtras.resolve(
            profile.request().extras().headers(), SettingsSource.current().environment()::get);
    RunOutputs.checkWritable(settings);
    RunPart part = RunPart.load(profile.name());
    checkSplit(part, profile, settings);
    stopWhenSaturated(settings, profile, part); // a bad value fails before the preflight
    Target target =
        Target.resolve(
            settings,
            profile.request().model(),
            profile.request().extras().apiKeyHeader(),
            headers,
            workload(profile.request()),
            profile.request().api().api());
    System.out.println(
        target.describe("load profile " + profile.name() + " [" + profile.source() + "]")
            + (headers.values().isEmpty() ? "" : "; headers " + headers.describe()));
    if (profile.hasClasses()) {
      profile
          .classes()
          .forEach(
              c ->
                  System.out.println(
                      "ttft-gap: class "
                          + c.name()
                          + " ("
                          + Math.round(c.share() * 100)
                          + " % of arrivals): "
                          + apiLine(c.request().api(), target.url(c.request().api().api()))));
    } else {
      System.out.println(
          "ttft-gap: "
              + apiLine(profile.request().api(), target.url(profile.request().api().api())));
    }
    System.out.println("ttft-gap: " + profile.breaker().summary());
    System.out.println("ttft-gap: load profile " + overrides.describe());
    if (part.split() || part.startAt().isPresent()) {
      System.out.println(
          "ttft-gap: injector "
              + part.label()
              + " of run "
              + part.runId()
              + " on "
              + part.host()
              + part.startAt().map(at -> ", starting at " + at).orElse(""));
    }
    return new RunSetup(settings, profile, headers, part, target);
  }

  /**
   * "API messages, POST http://…/v1/messages", with the TTFT kind when it is not any output and the
   * tools and reasoning effort when asked: what the run's requests speak.
   */
  static String apiLine(ApiShape api, String url) {
    StringBuilder line =
        new StringBuilder("API ").append(api.api().id()).append(", POST ").append(url);
    if (api.ttftFrom() != TtftKind.ANY) {
      line.append(", TTFT from the first ").append(api.ttftFrom().id()).append(" token");
    }
    if (!api.tools().isEmpty()) {
      line.append(", ").append(api.tools().size()).append(" tools");
    }
    api.reasoningEffort().ifPresent(e -> line.append(", reasoning effort ").append(e.id()));
    return line.toString();
  }

  /** Whether the load's rates are chosen while it runs: a search or auto stairs. */
  boolean adaptive() {
    return profile.load().search().isPresent() || profile.load().autoStairs().isPresent();
  }

  /** Whether the stairs stop at a saturated step ({@code load.stopWhenSaturated}), validated. */
  boolean stopWhenSaturated() {
    return stopWhenSaturated(settings, profile, part);
  }

  /**
   * The profile's SLO (only the limits it gives: none at all without an {@code slo}), peak rate,
   * baseline, engine's saturation rate for the prompts {@code requests} builds.
   */
  CapacityOptions capacityOptions(RequestFactory requests) {
    CapacityOptions options =
        new CapacityOptions(
                profile.slo().orElse(Slo.NONE),
                settings.capacityPeakRate(),
                settings.baseline(),
                profile.hasClasses() ? Optional.empty() : knownSaturationRate(requests))
            .withTtftKind(profile.request().api().ttftFrom())
            .withClasses(
                profile.classes().stream()
                    .map(
                        c ->
                            new ClassSpec(
                                c.name(), c.share(), c.slo().or(profile::slo).orElse(Slo.NONE)))
                    .toList());
    return profile
        .load()
        .burst()
        .map(
            b ->
                options.withBurst(
                    new BurstPlan(b.baseRate(), b.rate(), b.burstSeconds(), b.windowSeconds())))
        .orElse(options);
  }

  /**
   * The embedded engine's analytic capacity for this run's prompts (mean lengths); none for a
   * dataset or conversations, whose cache hits depend on their contents.
   */
  private Optional<Double> knownSaturationRate(RequestFactory requests) {
    RequestShape shape = profile.request();
    if (shape.dataset().isPresent() || shape.conversation().isPresent()) {
      return Optional.empty();
    }
    // the capacity model counts the engine's cl100k tokens of the messages, without the template
    TokenCalibration calibration = requests.calibration();
    int user =
        calibration.contentTokensFor(
            shape
                .promptTokensDistribution()
                .map(d -> (int) Math.round(d.sampleMean()))
                .orElseGet(
                    () -> requests.single(0).promptTokens() - requests.sharedPrefixTokens()));
    int output = (int) Math.round(shape.maxTokensDistribution().sampleMean());
    return target.knownSaturationRate(
        user,
        calibration.cl100kFor(requests.sharedPrefixTokens()),
        requests.mode() == PromptMode.REPEATED,
        output);
  }

  /**
   * A split run must be splittable, load one server (not an embedded engine per injector) and not
   * be late already; checked before the preflight sends anything.
   */
  private static void checkSplit(RunPart part, LoadProfile profile, Settings settings) {
    LoadSplit.of(profile.load(), part.injector(), part.injectorCount());
    if (part.split() && settings.baseUrl().isEmpty()) {
      throw new IllegalArgumentException(
          "injector "
              + part.label()
              + ": the parts of a split run must load one server, and each injector would start"
              + " its own embedded engine; set LLM_BASE_URL (e.g. a standalone engine's"
              + " http://HOST:8000/v1)");
    }
    part.untilStart(java.time.Instant.now());
  }

  private static boolean stopWhenSaturated(Settings settings, LoadProfile profile, RunPart part) {
    return StopWhenSaturated.resolve(
        SettingsSource.current(),
        profile.load().stopWhenSaturated(),
        !settings.usesEmbeddedEngine(),
        profile.load().open()
            && profile.load().search().isEmpty()
            && profile.load().autoStairs().isEmpty()
            && profile.load().burst().isEmpty(),
        part.split());
  }

  /**
   * The most a request will ask (prompt tokens with the system prompt, max_tokens), for the
   * preflight's context-length check, with the prompt itself when every request sends the same one;
   * null when a dataset or conversations decide the lengths.
   */
  private static Preflight.PlannedWorkload workload(RequestShape request) {
    if (request.dataset().isPresent() || request.conversation().isPresent()) {
      return null;
    }
    int system = request.prompt().systemPrompt().map(TokenCounter::count).orElse(0);
    int maxTokens = request.maxTokensDistribution().max();
    Optional<LengthDistribution> lengths = request.promptTokensDistribution();
    if (lengths.isPresent() && !lengths.get().isFixed()) {
      return new Preflight.PlannedWorkload(lengths.get().max() + system, maxTokens);
    }
    String prompt = request.promptText();
    return new Preflight.PlannedWorkload(
        TokenCounter.count(prompt) + system,
        maxTokens,
        request.maxTokensDistribution().isFixed() ? prompt : null);
  }
}
