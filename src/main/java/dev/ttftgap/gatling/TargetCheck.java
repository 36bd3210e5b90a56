package dev.ttftgap.gatling;

import dev.ttftgap.config.CalibrationSettings;
import dev.ttftgap.config.ServerViewSettings;
import dev.ttftgap.config.TargetNetwork;
import dev.ttftgap.preflight.CompressionCheck;
import dev.ttftgap.preflight.Preflight;
import dev.ttftgap.preflight.PreflightResult;
import dev.ttftgap.preflight.PreflightTarget;
import dev.ttftgap.preflight.TokenCalibrationProbe;
import dev.ttftgap.profile.PromptBuilder;
import dev.ttftgap.profile.RequestExtras;
import dev.ttftgap.stream.Api;
import dev.ttftgap.tokens.TokenCalibration;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the preflight found of a target, embedded or external: the checks passed, then how the
 * target counts prompt tokens.
 *
 * @param model the model the load asks for
 * @param preflight what the preflight found
 * @param view the server-view settings ({@code /metrics} URL, {@code Accept-Encoding}, dialect)
 * @param calibration how the target counts prompt tokens (measured after the preflight, unless
 *     {@code -Dprompt.calibration=off})
 * @param network how the preflight reached the target, and so how the load will
 */
record TargetCheck(
    String model,
    PreflightResult preflight,
    ServerViewSettings view,
    TokenCalibrationProbe.Result calibration,
    TargetNetwork network) {

  /**
   * What the preflight sends and checks besides the URLs.
   *
   * @param view the server-view settings
   * @param apiKeyHeader the header the key goes in
   * @param headers the load profile's headers
   * @param workload the most a request will ask, checked against the context length; null: not
   *     checked
   * @param otherModels ids the server must list besides the model (an experiment's arms)
   * @param api the API the load speaks, which the preflight checks the server for
   * @param network how the target is reached (CAs, HTTP version, proxy), as the load reaches it
   */
  record Request(
      ServerViewSettings view,
      String apiKeyHeader,
      RequestExtras.ResolvedHeaders headers,
      Preflight.PlannedWorkload workload,
      List<String> otherModels,
      Api api,
      TargetNetwork network) {
    /** A load of {@code api} reached directly. */
    Request(
        ServerViewSettings view,
        String apiKeyHeader,
        RequestExtras.ResolvedHeaders headers,
        Preflight.PlannedWorkload workload,
        List<String> otherModels,
        Api api) {
      this(view, apiKeyHeader, headers, workload, otherModels, api, TargetNetwork.DIRECT);
    }

    /** The same request, the target reached over {@code network}. */
    Request withNetwork(TargetNetwork network) {
      return new Request(view, apiKeyHeader, headers, workload, otherModels, api, network);
    }

    /** A chat-completions load. */
    Request(
        ServerViewSettings view,
        String apiKeyHeader,
        RequestExtras.ResolvedHeaders headers,
        Preflight.PlannedWorkload workload,
        List<String> otherModels) {
      this(view, apiKeyHeader, headers, workload, otherModels, Api.CHAT);
    }
  }

  /**
   * Runs the preflight against the target's URLs and prints its summary, then the compression check
   * and the token calibration.
   *
   * @param model the model the load asks for; null fails (after the preflight, which lists the
   *     served models)
   * @throws IllegalStateException with one line when the preflight fails or no model is known
   */
  static TargetCheck run(
      Request request, String chatUrl, String modelsUrl, Optional<String> apiKey, String model) {
    PreflightTarget probeTarget =
        new PreflightTarget(
            chatUrl,
            modelsUrl,
            apiKey,
            model,
            Duration.ofSeconds(30),
            request.apiKeyHeader(),
            request.headers().values(),
            request.headers().secrets(),
            request.api(),
            request.network());
    Preflight check = new Preflight(probeTarget).withOtherModels(request.otherModels());
    PreflightResult preflight =
        (request.workload() == null ? check : check.withWorkload(request.workload())).run();
    if (!preflight.ok()) {
      throw new IllegalStateException(
          preflight.diagnosis().map(d -> d.line()).orElse("preflight failed"));
    }
    System.out.println("ttft-gap: " + preflight.summaryLine());
    if (preflight.ok() && model != null) {
      // what SDK clients (Accept-Encoding: gzip) get through a compressing proxy
      CompressionCheck.run(probeTarget, preflight).ifPresent(System.out::println);
    }
    if (model == null) {
      throw new IllegalStateException(
          "LLM_MODEL: not set; set it to one of the served models " + preflight.servedModels());
    }
    TokenCalibrationProbe.Result calibration = calibrate(probeTarget);
    System.out.println("ttft-gap: " + calibration.describe());
    return new TargetCheck(model, preflight, request.view(), calibration, request.network());
  }

  /**
   * How the target counts the tool's generated prompts: two short requests (and {@code /tokenize}
   * where the server has it), so that {@code promptTokens} means the served model's tokens.
   */
  private static TokenCalibrationProbe.Result calibrate(PreflightTarget probeTarget) {
    if (!CalibrationSettings.load().calibrate()) {
      return new TokenCalibrationProbe.Result(
          TokenCalibration.NONE, "switched off with -Dprompt.calibration=off");
    }
    return new TokenCalibrationProbe(probeTarget)
        .run(
            PromptBuilder.promptOfTokens(TokenCalibrationProbe.SHORT_TOKENS, 0x5EEDL),
            PromptBuilder.promptOfTokens(TokenCalibrationProbe.LONG_TOKENS, 0x5EEEL));
  }
}
