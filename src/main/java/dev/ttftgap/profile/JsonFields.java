package dev.ttftgap.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Typed reads of one JSON object of a profile, each failure a one-line {@link ProfileException}
 * naming the file and the field path. JSON {@code null} counts as absent.
 */
final class JsonFields {
  private final String source;
  private final String path;
  private final JsonNode node;

  private JsonFields(String source, String path, JsonNode node) {
    this.source = source;
    this.path = path;
    this.node = node;
  }

  /**
   * The object at {@code path}, after checking that it is an object and has only {@code allowed}
   * fields (so a misspelt field fails instead of being silently ignored).
   */
  static JsonFields of(String source, String path, JsonNode node, List<String> allowed) {
    JsonFields fields = new JsonFields(source, path, node);
    if (!node.isObject()) {
      throw fields.error(path, describe(node) + " is not an object; use {...}");
    }
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!Set.copyOf(allowed).contains(name)) {
        throw fields.error(
            fields.child(name), "unknown field; allowed: " + String.join(", ", allowed));
      }
    }
    return fields;
  }

  /** This object's field path, e.g. {@code "load.warmup"}. */
  String path() {
    return path;
  }

  /** Another object of the same file, e.g. an element of an array. */
  JsonFields nested(String fieldPath, JsonNode value, List<String> allowed) {
    return of(source, fieldPath, value, allowed);
  }

  ProfileException error(String fieldPath, String message) {
    // a field name may hold a line break ("\nname" is a JSON key): control characters show as ?
    return new ProfileException(
        (source + ": " + fieldPath + ": " + message).replaceAll("\\p{Cntrl}", "?"));
  }

  String child(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  Optional<JsonNode> optional(String name) {
    JsonNode value = node.get(name);
    return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
  }

  JsonNode required(String name, String fix) {
    return optional(name).orElseThrow(() -> error(child(name), "missing; " + fix));
  }

  Optional<JsonFields> optionalObject(String name, List<String> allowed) {
    return optional(name).map(value -> of(source, child(name), value, allowed));
  }

  JsonFields requiredObject(String name, List<String> allowed, String fix) {
    return of(source, child(name), required(name, fix), allowed);
  }

  Optional<String> optionalString(String name, String fix) {
    return optional(name).map(value -> string(child(name), value, fix));
  }

  String string(String fieldPath, JsonNode value, String fix) {
    if (!value.isTextual()) {
      throw error(fieldPath, describe(value) + " is not a string; " + fix);
    }
    return value.textValue();
  }

  Optional<Boolean> optionalBoolean(String name) {
    return optional(name)
        .map(
            value -> {
              if (!value.isBoolean()) {
                throw error(child(name), describe(value) + " is not a boolean; use true or false");
              }
              return value.booleanValue();
            });
  }

  /** A whole number in {@code [min, max]}; {@code 20.0} counts as whole. */
  long wholeNumber(String fieldPath, JsonNode value, long min, long max, String what) {
    boolean whole =
        value.isIntegralNumber() && value.canConvertToLong()
            || value.isFloatingPointNumber()
                && value.doubleValue() == Math.rint(value.doubleValue())
                && Math.abs(value.doubleValue()) < 1e15;
    if (!whole || value.asLong() < min || value.asLong() > max) {
      throw error(
          fieldPath,
          describe(value) + " is not " + what + "; use a whole number from " + min + " to " + max);
    }
    return value.asLong();
  }

  Optional<Long> optionalWholeNumber(String name, long min, long max, String what) {
    return optional(name).map(value -> wholeNumber(child(name), value, min, max, what));
  }

  /** {@link #optionalWholeNumber} for the many fields that are {@code int}s. */
  Optional<Integer> optionalInt(String name, int min, int max, String what) {
    return optionalWholeNumber(name, min, max, what).map(Long::intValue);
  }

  long requiredWholeNumber(String name, String fix, long min, long max, String what) {
    return wholeNumber(child(name), required(name, fix), min, max, what);
  }

  /** A finite number in {@code (exclusiveMin, max]} or {@code [min, max]}. */
  double number(
      String fieldPath,
      JsonNode value,
      double min,
      boolean minExclusive,
      double max,
      String what,
      String fix) {
    if (!value.isNumber()) {
      throw error(fieldPath, describe(value) + " is not " + what + "; " + fix);
    }
    double number = value.doubleValue();
    boolean aboveMin = minExclusive ? number > min : number >= min;
    if (!aboveMin || number > max || Double.isInfinite(number)) {
      throw error(fieldPath, describe(value) + " is not " + what + "; " + fix);
    }
    return number;
  }

  Optional<Double> optionalNumber(
      String name, double min, boolean minExclusive, double max, String what, String fix) {
    return optional(name)
        .map(value -> number(child(name), value, min, minExclusive, max, what, fix));
  }

  /** One of {@code allowed} (case-sensitive, as written in the files). */
  Optional<String> optionalChoice(String name, List<String> allowed) {
    return optional(name)
        .map(
            value -> {
              String fix = "use " + String.join(" or ", allowed);
              String text = string(child(name), value, fix);
              if (!allowed.contains(text)) {
                throw error(child(name), describe(value) + " is not allowed; " + fix);
              }
              return text;
            });
  }

  List<JsonNode> elements(JsonNode array) {
    List<JsonNode> list = new ArrayList<>();
    array.elements().forEachRemaining(list::add);
    return list;
  }

  boolean has(String name) {
    return optional(name).isPresent();
  }

  /** A parser's complaint without the source excerpt Jackson appends: its first line. */
  static String reason(JsonProcessingException e) {
    return e.getOriginalMessage().lines().findFirst().orElse("");
  }

  /** A JSON value as it would appear in the file, shortened, on one line. */
  static String describe(JsonNode value) {
    String text = value.toString();
    return text.length() > 60 ? text.substring(0, 60) + "…" : text;
  }
}
