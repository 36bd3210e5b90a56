package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;

/**
 * Turns a {@link ProfileOverrides} knob's text into the JSON its profile field gets: a choice as
 * text, a number as a whole or decimal number, levels as an array of numbers or {@code "auto"};
 * text that is not even of the field's kind fails with one line naming the knob as set.
 */
final class KnobValues {
  private KnobValues() {}

  /**
   * @param setting the knob as the user spelled it, e.g. {@code -Dload.steps}
   * @throws ProfileException when {@code value} is not of the knob's kind
   */
  static JsonNode node(ProfileOverrides.Knob knob, String setting, String value) {
    JsonNodeFactory json = JsonNodeFactory.instance;
    return switch (knob.kind()) {
      case CHOICE -> json.textNode(value);
      case NUMBER ->
          number(setting, value, value, "use a number, like " + setting + "=" + example(knob));
      case NAMES -> {
        ArrayNode names = json.arrayNode();
        for (String name : value.split(",", -1)) {
          if (name.isBlank()) {
            throw new ProfileException(
                setting
                    + ": \""
                    + oneLine(value)
                    + "\" has an empty name; use class names separated by commas, like "
                    + setting
                    + "=chat,rag");
          }
          names.add(name.strip());
        }
        yield names;
      }
      case LEVELS -> {
        if (value.equalsIgnoreCase("auto")) {
          yield json.textNode("auto");
        }
        ArrayNode levels = json.arrayNode();
        String[] parts = value.split(",", -1);
        for (int i = 0; i < parts.length; i++) {
          levels.add(
              number(
                  setting,
                  value,
                  parts[i].strip(),
                  "level "
                      + (i + 1)
                      + " is not a number; use levels separated by commas, like "
                      + setting
                      + "=1,2,4,8, or auto"));
        }
        yield levels;
      }
    };
  }

  private static JsonNode number(String setting, String whole, String text, String fix) {
    BigDecimal number;
    try {
      number = new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new ProfileException(setting + ": \"" + oneLine(whole) + "\" " + fixWithoutLead(fix));
    }
    JsonNodeFactory json = JsonNodeFactory.instance;
    if (number.stripTrailingZeros().scale() <= 0) {
      try {
        return json.numberNode(number.longValueExact());
      } catch (ArithmeticException tooLarge) {
        return json.numberNode(number);
      }
    }
    return json.numberNode(number.doubleValue());
  }

  private static String fixWithoutLead(String fix) {
    return fix.startsWith("use ") ? "is not a number; " + fix : fix;
  }

  private static String example(ProfileOverrides.Knob knob) {
    return switch (knob.property()) {
      case "load.stepDurationSeconds" -> "30";
      case "request.promptTokens" -> "500";
      case "request.maxTokens" -> "128";
      case "slo.errorRatePercent" -> "1";
      default -> "2000";
    };
  }

  private static String oneLine(String value) {
    String shortened = value.length() > 80 ? value.substring(0, 80) + "…" : value;
    return shortened.replaceAll("\\p{Cntrl}", "?");
  }
}
