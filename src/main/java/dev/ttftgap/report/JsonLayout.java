package dev.ttftgap.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategy;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.ttftgap.analysis.LatencySummary;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How the analysis records appear in {@code capacity.json}: each record is written with its
 * components as fields, in their order, under the project's one unit-naming rule; the layouts in
 * {@link JsonLayoutMixIns} give the few records whose fields are reordered, renamed, derived or
 * left out.
 *
 * <p>The unit-naming rule: the records name a rate plainly ({@code rate}, {@code peakRate}, {@code
 * plateauThroughput}, in requests per second) and hold latency summaries in ms; the JSON spells the
 * unit. A rate gets {@code PerSec} ({@code peakRatePerSec}) unless its name already ends in {@code
 * PerSec} or {@code Percent}; a latency summary gets {@code Millis} ({@code ttftMillis}) and its
 * own figures drop it ({@code p95}, not {@code p95Millis}).
 *
 * <p>A common pattern for writing a block looks like this:
 *
 * <pre>{@code
 * root.set("knee", JsonLayout.tree(report.knee())); // a null node for a null record
 * }</pre>
 */
final class JsonLayout {
  /** The mapper with the rule and the layouts; indents what it writes. */
  static final ObjectMapper MAPPER =
      JsonLayoutMixIns.register(new ObjectMapper())
          .setPropertyNamingStrategy(new UnitNames())
          .enable(SerializationFeature.INDENT_OUTPUT);

  private JsonLayout() {}

  /** {@code record} as a JSON tree; a null node when {@code record} is null. */
  static JsonNode tree(Object record) {
    return MAPPER.valueToTree(record);
  }

  /** {@code record}, never null, as a JSON object to add fields to. */
  static ObjectNode object(Object record) {
    return MAPPER.valueToTree(record);
  }

  /**
   * A copy of {@code node} with the fields named in {@code order} first, in that order, then the
   * others in their place; a name {@code node} lacks is skipped.
   */
  static ObjectNode ordered(ObjectNode node, List<String> order) {
    ObjectNode copy = node.objectNode();
    for (String name : order) {
      if (node.has(name)) {
        copy.set(name, node.get(name));
      }
    }
    copy.setAll(node);
    return copy;
  }

  /** A copy of {@code node} with {@code name: value} inserted right after field {@code after}. */
  static ObjectNode withFieldAfter(ObjectNode node, String after, String name, JsonNode value) {
    ObjectNode copy = node.objectNode();
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      copy.set(field.getKey(), field.getValue());
      if (field.getKey().equals(after)) {
        copy.set(name, value);
      }
    }
    return copy;
  }

  /** {@code value} when finite; {@code null} for ±∞ ("no limit") and NaN, which JSON lacks. */
  static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  /** The unit-naming rule (see the class comment), applied to each record accessor. */
  private static final class UnitNames extends PropertyNamingStrategy {
    private static final Pattern RATE = Pattern.compile("(^rate|Rate|^throughput|Throughput)");

    @Override
    public String nameForGetterMethod(
        MapperConfig<?> config, AnnotatedMethod method, String defaultName) {
      if (method.getDeclaringClass() == LatencySummary.class) {
        return defaultName.replaceFirst("Millis$", "");
      }
      if (method.getRawReturnType() == LatencySummary.class) {
        return defaultName + "Millis";
      }
      boolean rate = RATE.matcher(defaultName).find();
      boolean spelled = defaultName.endsWith("PerSec") || defaultName.endsWith("Percent");
      return rate && !spelled ? defaultName + "PerSec" : defaultName;
    }
  }

  /** Writes a double as {@link #finite}: null where JSON has no number. */
  static final class FiniteOrNull extends StdSerializer<Double> {
    FiniteOrNull() {
      super(Double.class);
    }

    @Override
    public void serialize(Double value, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      if (Double.isFinite(value)) {
        gen.writeNumber(value);
      } else {
        gen.writeNull();
      }
    }
  }
}
