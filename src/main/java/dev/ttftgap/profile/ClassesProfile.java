package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.analysis.Slo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A profile's {@code classes} array, read into {@link RequestClass}es: each class's request and SLO
 * are the profile's own with the class's fields laid over them, then validated exactly as a
 * profile's {@code request} and {@code slo} are, so an error names {@code
 * classes[1].request.promptTokens}.
 *
 * <p>Laying over is field by field: a field the class sets replaces the profile's whole (nested
 * objects such as {@code conversation} or {@code extraBody} are not merged), a field set to {@code
 * null} removes it, and the sources of the user message ({@code prompt}, {@code promptTokens},
 * {@code dataset}) replace one another, so a class giving {@code promptTokens} drops the profile's
 * {@code prompt}.
 */
final class ClassesProfile {
  static final String FIELD = "classes";
  static final List<String> FIELDS = List.of("name", "share", "request", "slo");
  static final int MAX_CLASSES = 32;
  static final double SHARE_TOLERANCE = 0.001;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final List<String> MESSAGE_SOURCES = List.of("prompt", "promptTokens", "dataset");

  private ClassesProfile() {}

  /**
   * The classes of {@code top}, the profile's fields.
   *
   * @param request the profile's {@code request} object, if any (its field names already checked)
   * @param slo the profile's {@code slo} object, if any
   * @param profileSlo {@code slo} as validated: a class without its own slo gets it
   */
  static List<RequestClass> parse(
      JsonFields top,
      Optional<JsonNode> request,
      Optional<JsonNode> slo,
      Load load,
      Optional<Slo> profileSlo) {
    String path = top.child(FIELD);
    JsonNode array = top.required(FIELD, "add \"classes\": [{\"name\": ..., \"share\": ...}]");
    List<JsonNode> elements = array.isArray() ? top.elements(array) : List.of();
    if (elements.isEmpty() || elements.size() > MAX_CLASSES) {
      throw top.error(
          path,
          (array.isArray() ? elements.size() + " classes" : JsonFields.describe(array))
              + "; use a list of 1 to "
              + MAX_CLASSES
              + " objects {\"name\", \"share\", \"request\", \"slo\"}");
    }
    List<RequestClass> classes = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < elements.size(); i++) {
      JsonFields fields = top.nested(path + "[" + i + "]", elements.get(i), FIELDS);
      RequestClass parsed = parseOne(fields, request, slo, load, profileSlo);
      if (!names.add(parsed.name())) {
        throw fields.error(
            fields.child("name"),
            "\"" + parsed.name() + "\" names an earlier class too; give each class its own name");
      }
      classes.add(parsed);
    }
    double sum = classes.stream().mapToDouble(RequestClass::share).sum();
    if (Math.abs(sum - 1) > SHARE_TOLERANCE) {
      throw top.error(
          path,
          "shares "
              + classes.stream()
                  .map(c -> c.name() + " " + StepSchedule.formatLevel(c.share()))
                  .collect(Collectors.joining(", "))
              + " add up to "
              + StepSchedule.formatLevel(Math.round(sum * 1e6) / 1e6)
              + "; make them add up to 1");
    }
    return classes;
  }

  private static RequestClass parseOne(
      JsonFields fields,
      Optional<JsonNode> request,
      Optional<JsonNode> slo,
      Load load,
      Optional<Slo> profileSlo) {
    String name =
        fields
            .optionalString("name", "use a short name in quotes, like \"chat\"")
            .orElseThrow(
                () -> fields.error(fields.child("name"), "missing; add \"name\": \"chat\""));
    if (!NAME.matcher(name).matches()) {
      throw fields.error(
          fields.child("name"),
          "\"" + name + "\" is not a class name; use up to 64 letters, digits, '.', '_' or '-'");
    }
    double share =
        fields.number(
            fields.child("share"),
            fields.required("share", "add \"share\": 0.5 (the fraction of arrivals)"),
            0,
            true,
            1,
            "a share",
            "use a fraction of the arrivals in (0, 1], like 0.8");
    Optional<JsonFields> own = fields.optionalObject("request", RequestProfile.FIELDS);
    if (own.isEmpty() && request.isEmpty()) {
      throw fields.error(
          fields.child("request"),
          "missing, and the profile has no request; give the class its request");
    }
    ObjectNode merged = layOver(request, fields.optional("request"), MESSAGE_SOURCES);
    RequestShape shape =
        RequestProfile.parse(fields.nested(fields.child("request"), merged, RequestProfile.FIELDS));
    Optional<Slo> classSlo = profileSlo;
    Optional<JsonFields> ownSlo = fields.optionalObject("slo", SloProfile.FIELDS);
    if (ownSlo.isPresent()) {
      if (ownSlo.get().has("assertUpToLevel")) {
        throw fields.error(
            ownSlo.get().child("assertUpToLevel"),
            "is the profile's, not a class's (the run's levels are shared); set it in the"
                + " top-level slo");
      }
      ObjectNode sloMerged = layOver(slo, fields.optional("slo"), List.of());
      classSlo =
          Optional.of(
              SloProfile.parse(
                  fields.nested(fields.child("slo"), sloMerged, SloProfile.FIELDS), load));
    }
    return new RequestClass(name, share, shape, classSlo);
  }

  /**
   * {@code base} (copied) with every field of {@code over} laid over it; a field of {@code
   * exclusive} set in {@code over} removes the others of that group from the base.
   */
  static ObjectNode layOver(
      Optional<JsonNode> base, Optional<JsonNode> over, List<String> exclusive) {
    ObjectNode merged =
        base.filter(JsonNode::isObject)
            .map(node -> ((ObjectNode) node).deepCopy())
            .orElseGet(JsonNodeFactory.instance::objectNode);
    over.ifPresent(
        node ->
            node.fields()
                .forEachRemaining(
                    field -> {
                      if (exclusive.contains(field.getKey()) && !field.getValue().isNull()) {
                        exclusive.forEach(merged::remove);
                      }
                      merged.set(field.getKey(), field.getValue());
                    }));
    return merged;
  }
}
