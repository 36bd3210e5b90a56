package dev.ttftgap.engine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.knuddels.jtokkit.api.IntArrayList;
import dev.ttftgap.engine.scheduler.PrefixCache;
import dev.ttftgap.stream.Api;
import dev.ttftgap.tokens.TokenCounter;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Reads and validates a request body of any {@link Api} into a {@link ChatRequest}: the parts that
 * differ per API come from {@link ApiBodies}, the rest (model, output cap, faults, vLLM's extras)
 * is read here the same way for all.
 */
final class ChatRequestParser {
  /** Duplicate keys and text after the JSON value are errors, not silently resolved. */
  private static final ObjectMapper STRICT_JSON =
      new ObjectMapper()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private ChatRequestParser() {}

  /** The prompt's length in tokens and its prefix-cache block hashes (empty without a cache). */
  private record Prompt(int tokens, long[] blockHashes) {}

  /** See {@link ChatRequest#parse(Api, byte[], Map, ModelProfile)}. */
  static ChatRequest parse(
      Api api, byte[] body, Map<String, ModelProfile> profiles, ModelProfile defaultProfile) {
    JsonNode root = root(body);
    ModelProfile profile = model(root, profiles, defaultProfile);
    ApiBodies.Body shape = ApiBodies.read(api, root);
    List<String> contents = shape.contents();
    Prompt prompt = prompt(shape, profile);
    String field = shape.maxTokensField();
    Integer maxTokens = maxTokens(root, field, profile, prompt.tokens());
    if (maxTokens == null && shape.maxTokensRequired()) {
      throw ApiException.badRequest("'" + field + "' is a required property", field);
    }
    if (maxTokens == null) {
      // the KV cache must hold every request whole (max_model_len fits in it)
      requireWithinContext(
          profile,
          prompt.tokens(),
          profile.defaultOutputTokens(),
          "default output tokens",
          api == Api.COMPLETIONS ? "prompt" : api == Api.RESPONSES ? "input" : "messages");
    }
    boolean stream = bool(root, "stream");
    boolean includeUsage = includeUsage(root, stream);
    boolean includeMetrics = bool(root, "include_metrics");
    SimFault fault = fault(root);
    boolean ignoreEos = bool(root, "ignore_eos");
    Integer minTokens = minTokens(root, maxTokens);
    Integer answerTokens =
        profile.answerTokens() == null ? null : profile.answerTokens().draw(contents.hashCode());
    return new ChatRequest(
        profile,
        prompt.tokens(),
        prompt.blockHashes(),
        maxTokens,
        stream,
        includeUsage,
        includeMetrics,
        fault,
        ignoreEos,
        minTokens,
        answerTokens,
        api,
        shape.reasoningAsked() ? profile.reasoningShare() : 0,
        toolCall(shape.tools(), profile.toolCallShare(), contents));
  }

  /**
   * The tool the answer calls: with tools offered, a draw seeded by the prompt falls under the
   * profile's {@code tool_call_share} (so a conversation replays alike, and a turn after a tool
   * result draws anew); the tool is drawn among the offered ones.
   */
  static OfferedTool toolCall(List<OfferedTool> tools, double share, List<String> contents) {
    if (tools.isEmpty() || share <= 0) {
      return null;
    }
    SplittableRandom draw = new SplittableRandom(contents.hashCode() * 0x9E3779B97F4A7C15L + 25);
    return draw.nextDouble() < share ? tools.get(draw.nextInt(tools.size())) : null;
  }

  private static JsonNode root(byte[] body) {
    JsonNode root;
    try {
      root = STRICT_JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw ApiException.badRequest(
          "Request body is not valid JSON: " + e.getOriginalMessage(), null);
    } catch (java.io.IOException e) {
      throw ApiException.badRequest("Request body is not readable: " + e.getMessage(), null);
    }
    if (root == null || !root.isObject()) {
      throw ApiException.badRequest("Request body must be a JSON object", null);
    }
    return root;
  }

  /**
   * Prompt tokens as the class Javadoc of {@link ChatRequest} counts them, with the API's
   * per-message and priming tokens.
   */
  private static Prompt prompt(ApiBodies.Body shape, ModelProfile profile) {
    int promptTokens = shape.primingTokens();
    if (profile.prefixCacheBlocks() <= 0) {
      for (String content : shape.contents()) {
        promptTokens += TokenCounter.count(content) + shape.perMessageTokens();
      }
      return new Prompt(promptTokens, new long[0]);
    }
    IntArrayList ids = new IntArrayList();
    for (String content : shape.contents()) {
      IntArrayList encoded = TokenCounter.encoding().encode(content);
      for (int i = 0; i < encoded.size(); i++) {
        ids.add(encoded.get(i));
      }
      for (int i = 0; i < shape.perMessageTokens(); i++) {
        // a fixed marker per message boundary, so [a][bc] and [ab][c] hash differently
        ids.add(-1 - i);
      }
    }
    promptTokens += ids.size();
    return new Prompt(promptTokens, PrefixCache.blockHashes(ids.toArray(), profile.blockSize()));
  }

  private static boolean includeUsage(JsonNode root, boolean stream) {
    JsonNode options = root.path("stream_options");
    if (!options.isMissingNode() && !options.isNull() && !options.isObject()) {
      throw ApiException.badRequest(
          "'stream_options' must be an object like {\"include_usage\": true}, was " + options,
          "stream_options");
    }
    if (options.isObject() && !stream) {
      throw ApiException.badRequest(
          "'stream_options' is only allowed when 'stream' is true", "stream_options");
    }
    return options.isObject() && bool(options, "include_usage");
  }

  private static SimFault fault(JsonNode root) {
    JsonNode faultNode = root.path("sim_fault");
    try {
      return faultNode.isMissingNode() || faultNode.isNull()
          ? SimFault.NONE
          : SimFault.parse(faultNode.asText());
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest(e.getMessage(), "sim_fault");
    }
  }

  private static Integer minTokens(JsonNode root, Integer maxTokens) {
    JsonNode node = root.path("min_tokens");
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (!node.canConvertToInt() || !node.isIntegralNumber() || node.asInt() < 0) {
      throw ApiException.badRequest(
          "'min_tokens' must be an integer >= 0, was " + node, "min_tokens");
    }
    if (maxTokens != null && node.asInt() > maxTokens) {
      throw ApiException.badRequest(
          "min_tokens must be less than or equal to max_tokens="
              + maxTokens
              + ", got "
              + node.asInt(),
          "min_tokens");
    }
    return node.asInt();
  }

  private static ModelProfile model(
      JsonNode root, Map<String, ModelProfile> profiles, ModelProfile defaultProfile) {
    JsonNode model = root.path("model");
    if (model.isMissingNode() || model.isNull()) {
      return defaultProfile;
    }
    if (!model.isTextual()) {
      throw ApiException.badRequest("'model' must be a string", "model");
    }
    ModelProfile profile = profiles.get(model.asText());
    if (profile == null) {
      throw new ApiException(
          HttpResponseStatus.NOT_FOUND,
          "The model `"
              + model.asText()
              + "` does not exist. Available models: "
              + String.join(", ", profiles.keySet()),
          "invalid_request_error",
          "model",
          "model_not_found");
    }
    return profile;
  }

  private static Integer maxTokens(
      JsonNode root, String field, ModelProfile profile, int promptTokens) {
    JsonNode node = root.path(field);
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (!node.canConvertToInt() || !node.isIntegralNumber() || node.asInt() < 1) {
      throw ApiException.badRequest("'" + field + "' must be an integer >= 1, was " + node, field);
    }
    int value = node.asInt();
    requireWithinContext(profile, promptTokens, value, field, field);
    return value;
  }

  private static void requireWithinContext(
      ModelProfile profile, int promptTokens, int outputTokens, String outputName, String field) {
    if ((long) outputTokens + promptTokens > profile.maxModelLen()) {
      throw ApiException.badRequest(
          "This model's maximum context length is "
              + profile.maxModelLen()
              + " tokens; "
              + promptTokens
              + " prompt tokens + "
              + outputTokens
              + " "
              + outputName
              + " exceed it",
          field);
    }
  }

  private static boolean bool(JsonNode node, String field) {
    JsonNode value = node.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return false;
    }
    if (!value.isBoolean()) {
      throw ApiException.badRequest("'" + field + "' must be a boolean", field);
    }
    return value.asBoolean();
  }
}
