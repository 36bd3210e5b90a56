package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.stream.Api;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a real endpoint needs beyond the body: extra headers (a gateway's routing or tenant header,
 * Azure's {@code api-key}), extra body fields ({@code chat_template_kwargs}, a vendor's switch) and
 * the name of the header that carries the API key.
 *
 * <p>A header value may reference environment variables as {@code ${NAME}}; they are read only from
 * the environment when the run starts ({@link #resolve}), and every value read that way is a
 * secret: masked wherever it could be printed, never written to records or reports.
 *
 * <p>{@code extraBody} may not name a field the tool already sends ({@code model}, {@code
 * messages}, {@code stream}, {@code max_tokens}, {@code temperature}, ...): it would replace it
 * silently; each has its own profile field.
 */
public final class RequestExtras {
  private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]+");
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
  private static final Map<String, String> RESERVED_BODY =
      Map.of(
          "model", "request.model or LLM_MODEL",
          "messages", "request.prompt, promptTokens or dataset",
          "stream", "nothing: requests always stream",
          "stream_options", "request.includeUsage",
          "max_tokens", "request.maxTokens",
          "max_completion_tokens", "request.maxTokens",
          "temperature", "request.temperature",
          "include_metrics", "request.includeMetrics");
  private static final List<String> RESERVED_HEADERS =
      List.of(
          "content-type", "content-length", "accept", "host", "connection", "transfer-encoding");

  /** The header Anthropic's Messages API takes the key in. */
  public static final String MESSAGES_KEY_HEADER = "x-api-key";

  private static final String ANTHROPIC_VERSION = "anthropic-version";
  private static final String ANTHROPIC_VERSION_VALUE = "2023-06-01";

  private RequestExtras() {}

  /**
   * Headers whose values the environment gave, resolved.
   *
   * @param values header name → value to send
   * @param secrets the values read from the environment (to mask)
   */
  public record ResolvedHeaders(Map<String, String> values, List<String> secrets) {
    public ResolvedHeaders {
      values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
      secrets = List.copyOf(secrets);
    }

    /** {@code name: value} per header, with every secret masked, for a console line. */
    public String describe() {
      List<String> parts = new ArrayList<>();
      values.forEach((name, value) -> parts.add(name + ": " + mask(value, secrets)));
      return String.join(", ", parts);
    }
  }

  /**
   * Replaces every {@code ${NAME}} in the header values with {@code environment.apply(NAME)}.
   *
   * @throws ProfileException naming the header and the variable when one is not set
   */
  public static ResolvedHeaders resolve(
      Map<String, String> headers, Function<String, String> environment) {
    Map<String, String> values = new LinkedHashMap<>();
    List<String> secrets = new ArrayList<>();
    headers.forEach(
        (name, raw) -> {
          Matcher matcher = REFERENCE.matcher(raw);
          StringBuilder value = new StringBuilder();
          while (matcher.find()) {
            String variable = matcher.group(1);
            String secret = environment.apply(variable);
            if (secret == null || secret.isEmpty()) {
              throw new ProfileException(
                  "request.headers."
                      + name
                      + ": ${"
                      + variable
                      + "} is not set in the environment; export "
                      + variable
                      + "=... before the run");
            }
            secrets.add(secret);
            matcher.appendReplacement(value, Matcher.quoteReplacement(secret));
          }
          matcher.appendTail(value);
          values.put(name, value.toString());
        });
    return new ResolvedHeaders(values, secrets);
  }

  /** {@code text} with every secret replaced by {@code ***}. */
  public static String mask(String text, List<String> secrets) {
    String masked = text;
    for (String secret : secrets) {
      if (!secret.isEmpty()) {
        masked = masked.replace(secret, "***");
      }
    }
    return masked;
  }

  /**
   * {@code headers} with what the API requires of every request: Messages' {@code
   * anthropic-version} (unless the profile set it, in any case).
   */
  static Map<String, String> withApiHeaders(Map<String, String> headers, Api api) {
    if (api != Api.MESSAGES
        || headers.keySet().stream().anyMatch(ANTHROPIC_VERSION::equalsIgnoreCase)) {
      return headers;
    }
    Map<String, String> withVersion = new LinkedHashMap<>(headers);
    withVersion.put(ANTHROPIC_VERSION, ANTHROPIC_VERSION_VALUE);
    return withVersion;
  }

  static Map<String, String> headers(JsonFields fields) {
    Optional<ObjectNode> node = objectField(fields, "headers", "use {\"name\": \"value\"}");
    if (node.isEmpty()) {
      return Map.of();
    }
    String path = fields.child("headers");
    Map<String, String> headers = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> entries = node.get().fields();
    while (entries.hasNext()) {
      Map.Entry<String, JsonNode> entry = entries.next();
      String name = entry.getKey();
      String at = path + "." + name;
      if (!HEADER_NAME.matcher(name).matches()) {
        throw fields.error(at, "is not a header name; use letters, digits and '-'");
      }
      if (RESERVED_HEADERS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
        throw fields.error(at, "is set by the tool; remove it");
      }
      String value = fields.string(at, entry.getValue(), "use the value in quotes");
      if (value.contains("\n") || value.contains("\r")) {
        throw fields.error(at, "contains a line break; remove it");
      }
      String withoutReferences = REFERENCE.matcher(value).replaceAll("");
      if (withoutReferences.contains("${")) {
        throw fields.error(
            at, "has a malformed ${...}; write ${NAME} with letters, digits and '_'");
      }
      headers.put(name, value);
    }
    return headers;
  }

  static Optional<ObjectNode> extraBody(JsonFields fields, boolean forceOutputLength) {
    Optional<ObjectNode> node =
        objectField(fields, "extraBody", "use {\"field\": value} to merge into the body");
    if (node.isEmpty()) {
      return Optional.empty();
    }
    String path = fields.child("extraBody");
    Iterator<String> names = node.get().fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      String home = RESERVED_BODY.get(name);
      if (home != null) {
        throw fields.error(
            path + "." + name, "would replace a field the tool sends; set it with " + home);
      }
      if (forceOutputLength && (name.equals("ignore_eos") || name.equals("min_tokens"))) {
        throw fields.error(path + "." + name, "is set by forceOutputLength; remove one of them");
      }
    }
    return node;
  }

  /** The field {@code name}, which must be a JSON object if present; {@code fix} ends the error. */
  private static Optional<ObjectNode> objectField(JsonFields fields, String name, String fix) {
    Optional<JsonNode> node = fields.optional(name);
    if (node.isPresent() && !node.get().isObject()) {
      throw fields.error(
          fields.child(name), JsonFields.describe(node.get()) + " is not an object; " + fix);
    }
    return node.map(ObjectNode.class::cast);
  }

  /**
   * The header the key goes in: the profile's {@code apiKeyHeader}, else the API's convention
   * ({@code x-api-key} for Messages, {@code Authorization: Bearer} otherwise).
   */
  static String apiKeyHeader(JsonFields fields, Api api) {
    String name =
        fields
            .optionalString("apiKeyHeader", "use a header name in quotes, e.g. \"api-key\"")
            .orElse(api == Api.MESSAGES ? MESSAGES_KEY_HEADER : RequestShape.AUTHORIZATION);
    if (!HEADER_NAME.matcher(name).matches()) {
      throw fields.error(
          fields.child("apiKeyHeader"), "\"" + name + "\" is not a header name; e.g. \"api-key\"");
    }
    return name;
  }
}
