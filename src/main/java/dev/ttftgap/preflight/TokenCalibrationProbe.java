package dev.ttftgap.preflight;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import dev.ttftgap.tokens.TokenCalibration;
import dev.ttftgap.tokens.TokenCounter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Measures how the target counts prompt tokens, before the load, so that a profile's {@code
 * promptTokens} can mean the served model's tokens ({@link TokenCalibration}).
 *
 * <p>Algorithm overview: (1) two non-streaming chat requests ({@code max_tokens} 1) with a short
 * and a long prompt of the tool's generated text give {@code usage.prompt_tokens} at two lengths;
 * (2) {@code POST /tokenize} at the server's root (where vLLM, SGLang and llama.cpp serve it; the
 * body carries {@code prompt} as vLLM and SGLang read it, {@code content} as llama.cpp does; the
 * answer's {@code count}, else the length of {@code tokens}) counts the same two texts without a
 * chat template. With both tokenize counts the ratio comes from them and the template's fixed
 * tokens from usage minus the tokenizer's count of the long text; else ratio and overhead come from
 * the two usage counts; with neither, nothing is calibrated. A count that is missing, not a number,
 * or gives a ratio outside [0.2, 5] counts as missing.
 *
 * <p>Assumptions: the preflight already reached the target with this model and key; every failure
 * here (404 on {@code /tokenize}, no usage) is an answer, never an error of the run.
 *
 * <p>Parameters with defaults: the two texts are the caller's (the glue passes generated prompts of
 * {@value #SHORT_TOKENS} and {@value #LONG_TOKENS} cl100k tokens); each request has the target's
 * timeout.
 */
public final class TokenCalibrationProbe {
  public static final int SHORT_TOKENS = 16;
  public static final int LONG_TOKENS = 400;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern VERSION_TAIL = Pattern.compile("/v\\d+[a-z0-9]*$");

  /**
   * What the probe found: the calibration and, when it could not calibrate, why.
   *
   * @param calibration {@link TokenCalibration#NONE} when nothing could be measured
   * @param why empty when calibrated; else the reason, for the run header
   */
  public record Result(TokenCalibration calibration, String why) {
    /** The header line: the calibration, with the reason when there is none. */
    public String describe() {
      return calibration.describe() + (why.isEmpty() ? "" : ": " + why);
    }
  }

  private final PreflightTarget target;
  private final HttpClient client;

  public TokenCalibrationProbe(PreflightTarget target) {
    this.target = target;
    this.client = TargetHttp.client(target);
  }

  /** Counts {@code shortText} and {@code longText} on the target (longer in cl100k tokens). */
  public Result run(String shortText, String longText) {
    int shortCl100k = TokenCounter.count(shortText);
    int longCl100k = TokenCounter.count(longText);
    if (longCl100k <= shortCl100k) {
      throw new IllegalArgumentException("longText must be longer than shortText");
    }
    try {
      Optional<Integer> usageShort = usage(shortText);
      Optional<Integer> usageLong = usageShort.isPresent() ? usage(longText) : Optional.empty();
      Optional<Integer> tokShort = tokenize(shortText);
      Optional<Integer> tokLong = tokShort.isPresent() ? tokenize(longText) : Optional.empty();
      if (tokShort.isPresent() && tokLong.isPresent()) {
        Optional<TokenCalibration> byTokenizer =
            ratio(shortCl100k, tokShort.get(), longCl100k, tokLong.get())
                .map(
                    ratio ->
                        new TokenCalibration(
                            ratio,
                            usageLong.map(u -> Math.max(0.0, u - tokLong.get())).orElse(0.0),
                            TokenCalibration.Source.TOKENIZE));
        if (byTokenizer.isPresent()) {
          return new Result(byTokenizer.get(), "");
        }
      }
      if (usageShort.isPresent() && usageLong.isPresent()) {
        if (ratio(shortCl100k, usageShort.get(), longCl100k, usageLong.get()).isPresent()) {
          return new Result(
              TokenCalibration.fromTwoLengths(
                  shortCl100k,
                  usageShort.get(),
                  longCl100k,
                  usageLong.get(),
                  TokenCalibration.Source.USAGE),
              "");
        }
        return new Result(
            TokenCalibration.NONE,
            "the server's usage.prompt_tokens ("
                + usageShort.get()
                + " and "
                + usageLong.get()
                + " for "
                + shortCl100k
                + " and "
                + longCl100k
                + " cl100k tokens) is no tokenizer's count");
      }
      return new Result(
          TokenCalibration.NONE, "the server reported no usage.prompt_tokens and has no /tokenize");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(TokenCalibration.NONE, "interrupted");
    }
  }

  /** The tokenize URL: the API root without its version segment, + {@code /tokenize}. */
  String tokenizeUrl() {
    String apiUrl = target.apiUrl();
    String apiRoot = apiUrl.substring(0, apiUrl.lastIndexOf("/" + target.api().path()));
    return VERSION_TAIL.matcher(apiRoot).replaceFirst("") + "/tokenize";
  }

  private static Optional<Double> ratio(
      int shortCl100k, int shortServed, int longCl, int longServed) {
    double ratio = (longServed - shortServed) / (double) (longCl - shortCl100k);
    return ratio >= 0.2 && ratio <= 5.0 ? Optional.of(ratio) : Optional.empty();
  }

  private Optional<Integer> usage(String text) throws InterruptedException {
    ObjectNode body = ProbeBodies.of(target.api(), target.model(), false, text, 1);
    // chat and completions count prompt_tokens; Responses and Messages input_tokens
    String field =
        target.api() == Api.CHAT || target.api() == Api.COMPLETIONS
            ? "prompt_tokens"
            : "input_tokens";
    return post(target.apiUrl(), body)
        .map(root -> root.path("usage").path(field))
        .filter(JsonNode::canConvertToInt)
        .map(JsonNode::asInt)
        .filter(n -> n > 0);
  }

  private Optional<Integer> tokenize(String text) throws InterruptedException {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", target.model());
    body.put("prompt", text);
    body.put("content", text);
    body.put("add_special_tokens", false);
    return post(tokenizeUrl(), body)
        .flatMap(
            root -> {
              if (root.path("count").canConvertToInt()) {
                return Optional.of(root.path("count").asInt());
              }
              JsonNode tokens = root.path("tokens");
              return tokens.isArray() ? Optional.of(tokens.size()) : Optional.empty();
            })
        .filter(n -> n > 0);
  }

  private Optional<JsonNode> post(String url, ObjectNode body) throws InterruptedException {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(target.timeout())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
    TargetHttp.authorised(target, builder);
    try {
      HttpResponse<String> response =
          client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return Optional.empty();
      }
      return Optional.of(JSON.readTree(response.body()));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
