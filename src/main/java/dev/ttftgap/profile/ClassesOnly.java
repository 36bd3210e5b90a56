package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code classes.only} knob: keeps only the named classes of a profile's JSON, their shares
 * divided by the kept shares' sum, so that a class can be run alone (or a pair together) with the
 * same arrival process, for comparison with the mix. Names are those of {@code classes[].name}; an
 * unknown one fails with one line listing the profile's classes.
 */
final class ClassesOnly {
  static final String PATH = "classes.only";

  private ClassesOnly() {}

  /**
   * Filters {@code root.classes} to {@code names} (a JSON array of strings), in the profile's
   * order. Shares that are not numbers are left for the profile's validation to name.
   *
   * @throws ProfileException starting {@code classes.only:} when the profile has no classes or a
   *     name is not one of them
   */
  static void apply(ObjectNode root, JsonNode names) {
    if (!(root.get(ClassesProfile.FIELD) instanceof ArrayNode classes)) {
      throw new ProfileException(
          PATH + ": the profile has no classes (no \"classes\" array); unset it");
    }
    Set<String> wanted = new LinkedHashSet<>();
    names.forEach(name -> wanted.add(name.asText()));
    List<String> known = new ArrayList<>();
    classes.forEach(c -> known.add(c.path("name").asText()));
    for (String name : wanted) {
      if (!known.contains(name)) {
        throw new ProfileException(
            PATH
                + ": no class \""
                + name
                + "\"; the profile's classes are "
                + String.join(", ", known));
      }
    }
    ArrayNode kept = classes.arrayNode();
    classes.forEach(
        c -> {
          if (wanted.contains(c.path("name").asText())) {
            kept.add(c.deepCopy());
          }
        });
    double sum = 0;
    boolean numeric = true;
    for (JsonNode c : kept) {
      numeric &= c.path("share").isNumber();
      sum += c.path("share").asDouble();
    }
    if (numeric && sum > 0) {
      for (JsonNode c : kept) {
        ((ObjectNode) c).put("share", c.path("share").asDouble() / sum);
      }
    }
    root.set(ClassesProfile.FIELD, kept);
  }
}
