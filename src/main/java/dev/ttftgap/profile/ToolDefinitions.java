package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * Reads a list of tools written as OpenAI chat function tools, {@code {"type": "function",
 * "function": {"name", "description", "parameters"}}}: the one form the profile and the dataset
 * rows take, which each API's body writer reshapes ({@link ApiBody}). Checked here, once, so that a
 * misspelt tool fails before any load rather than as a 400 per request.
 */
final class ToolDefinitions {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final String FORM =
      "write {\"type\": \"function\", \"function\": {\"name\": \"get_weather\", \"description\":"
          + " \"...\", \"parameters\": {\"type\": \"object\", ...}}}";

  private ToolDefinitions() {}

  /**
   * The tools of {@code array}.
   *
   * @param at the array's place, for messages ({@code request.tools})
   * @param error makes the exception from a place and a message
   */
  static List<ObjectNode> read(
      JsonNode array, String at, BiFunction<String, String, ProfileException> error) {
    if (!array.isArray()) {
      throw error.apply(at, JsonFields.describe(array) + " is not an array of tools; " + FORM);
    }
    List<ObjectNode> tools = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < array.size(); i++) {
      String here = at + "[" + i + "]";
      JsonNode tool = array.get(i);
      if (!tool.isObject() || !"function".equals(tool.path("type").asText(null))) {
        throw error.apply(here, "is not a function tool; " + FORM);
      }
      JsonNode function = tool.get("function");
      if (function == null || !function.isObject()) {
        throw error.apply(here + ".function", "missing or not an object; " + FORM);
      }
      JsonNode name = function.get("name");
      if (name == null || !name.isTextual() || !NAME.matcher(name.textValue()).matches()) {
        throw error.apply(
            here + ".function.name",
            (name == null ? "missing" : JsonFields.describe(name) + " is not a tool name")
                + "; use 1 to 64 letters, digits, '_' or '-'");
      }
      if (!names.add(name.textValue())) {
        throw error.apply(here + ".function.name", name + " is given twice; rename one tool");
      }
      JsonNode description = function.get("description");
      if (description != null && !description.isTextual()) {
        throw error.apply(here + ".function.description", "is not a string; use text in quotes");
      }
      JsonNode parameters = function.get("parameters");
      if (parameters != null && !parameters.isObject()) {
        throw error.apply(
            here + ".function.parameters", "is not an object; use a JSON schema {\"type\": ...}");
      }
      tools.add((ObjectNode) tool);
    }
    return tools;
  }

  /** The function's name. */
  static String name(ObjectNode tool) {
    return tool.path("function").path("name").asText();
  }
}
