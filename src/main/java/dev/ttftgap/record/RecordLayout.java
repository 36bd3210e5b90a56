package dev.ttftgap.record;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.ResolvableDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The JSON line of a {@link RequestRecord}: flat, every field under its own name, in the one order
 * {@link #FIELDS} declares (the order {@code records.jsonl} has always had), a null field left out.
 * Reading takes the fields in any order, ignores unknown ones and leaves missing ones undefined.
 *
 * <p>The record groups its fields in parts while the line stays flat and interleaves them, which
 * {@code @JsonUnwrapped} cannot express (it writes a part's fields together, and does not read into
 * record constructors): hence this table and the serializer and deserializer that walk it. The
 * class is a little over 300 lines because the table holds one entry per field of the line (51),
 * which the formatter wraps; splitting it would split the one declaration of the order.
 */
final class RecordLayout {
  /** One field of the line: its name, its Java type, where it lives in the record and builder. */
  private record Field<T>(
      String name,
      Type type,
      Function<RequestRecord, T> get,
      BiConsumer<RequestRecordBuilder, T> set) {
    /** Reads the value with {@code deserializer}, found once for this field (null: find it now). */
    @SuppressWarnings("unchecked")
    void read(
        JsonParser p,
        DeserializationContext ctxt,
        RequestRecordBuilder builder,
        JsonDeserializer<Object> deserializer)
        throws IOException {
      T value =
          deserializer != null
              ? (T) deserializer.deserialize(p, ctxt)
              : ctxt.readValue(p, ctxt.getTypeFactory().constructType(type));
      if (value != null) {
        set.accept(builder, value);
      }
    }
  }

  private static final Type LONGS = new TypeReference<List<Long>>() {}.getType();
  private static final Type TIMINGS_MAP = new TypeReference<Map<String, Double>>() {}.getType();

  /** Every field, in the order it is written. */
  static final List<Field<?>> FIELDS =
      List.of(
          identity("run", String.class, RequestIdentity::run, RequestIdentity.Builder::run),
          identity("userId", Long.class, RequestIdentity::userId, RequestIdentity.Builder::userId),
          identity(
              "requestId",
              String.class,
              RequestIdentity::requestId,
              RequestIdentity.Builder::requestId),
          level("phase", RequestPhase.class, StepLevel::phase, StepLevel.Builder::phase),
          level("step", Integer.class, StepLevel::step, StepLevel.Builder::step),
          level("stepLabel", String.class, StepLevel::stepLabel, StepLevel.Builder::stepLabel),
          level(
              "offeredRate", Double.class, StepLevel::offeredRate, StepLevel.Builder::offeredRate),
          level(
              "concurrency", Integer.class, StepLevel::concurrency, StepLevel.Builder::concurrency),
          input("model", String.class, RequestInput::model, RequestInput.Builder::model),
          input(
              "promptTokens",
              Integer.class,
              RequestInput::promptTokens,
              RequestInput.Builder::promptTokens),
          input(
              "maxTokens", Integer.class, RequestInput::maxTokens, RequestInput.Builder::maxTokens),
          timings(
              "startEpochMillis",
              Long.class,
              Timings::startEpochMillis,
              Timings.Builder::startEpochMillis),
          timings("ttfbMillis", Long.class, Timings::ttfbMillis, Timings.Builder::ttfbMillis),
          timings("ttftMillis", Long.class, Timings::ttftMillis, Timings.Builder::ttftMillis),
          timings("gapMillis", Long.class, Timings::gapMillis, Timings.Builder::gapMillis),
          timings(
              "firstContentMillis",
              Long.class,
              Timings::firstContentMillis,
              Timings.Builder::firstContentMillis),
          timings(
              "firstReasoningMillis",
              Long.class,
              Timings::firstReasoningMillis,
              Timings.Builder::firstReasoningMillis),
          timings("e2eMillis", Long.class, Timings::e2eMillis, Timings.Builder::e2eMillis),
          timings("itlMillis", LONGS, Timings::itlMillis, Timings.Builder::itlMillis),
          timings("tpotMillis", Double.class, Timings::tpotMillis, Timings.Builder::tpotMillis),
          output(
              "outputTokens",
              Integer.class,
              StreamOutput::outputTokens,
              StreamOutput.Builder::outputTokens),
          output(
              "outputTokensSource",
              String.class,
              StreamOutput::outputTokensSource,
              StreamOutput.Builder::outputTokensSource),
          output(
              "contentEvents",
              Integer.class,
              StreamOutput::contentEvents,
              StreamOutput.Builder::contentEvents),
          new Field<>(
              "serverTimings",
              TIMINGS_MAP,
              RequestRecord::serverTimings,
              RequestRecordBuilder::serverTimings),
          new Field<>(
              "newConnection",
              Boolean.class,
              RequestRecord::newConnection,
              RequestRecordBuilder::newConnection),
          new Field<>(
              "httpVersion",
              String.class,
              RequestRecord::httpVersion,
              RequestRecordBuilder::httpVersion),
          result("outcome", Outcome.class, RequestResult::outcome, RequestResult.Builder::outcome),
          result(
              "reason", FailureReason.class, RequestResult::reason, RequestResult.Builder::reason),
          result(
              "httpStatus",
              Integer.class,
              RequestResult::httpStatus,
              RequestResult.Builder::httpStatus),
          result("message", String.class, RequestResult::message, RequestResult.Builder::message),
          input("prompts", String.class, RequestInput::prompts, RequestInput.Builder::prompts),
          input(
              "sharedPrefixTokens",
              Integer.class,
              RequestInput::sharedPrefixTokens,
              RequestInput.Builder::sharedPrefixTokens),
          input(
              "conversationId",
              String.class,
              RequestInput::conversationId,
              RequestInput.Builder::conversationId),
          input("turn", Integer.class, RequestInput::turn, RequestInput.Builder::turn),
          health(
              "malformedChunks",
              Integer.class,
              StreamHealth::malformedChunks,
              StreamHealth.Builder::malformedChunks),
          health("stalls", Integer.class, StreamHealth::stalls, StreamHealth.Builder::stalls),
          health(
              "longestStallMillis",
              Long.class,
              StreamHealth::longestStallMillis,
              StreamHealth.Builder::longestStallMillis),
          micros(
              "ttfbMicros", Long.class, MicroTimings::ttfbMicros, MicroTimings.Builder::ttfbMicros),
          micros(
              "ttftMicros", Long.class, MicroTimings::ttftMicros, MicroTimings.Builder::ttftMicros),
          micros("gapMicros", Long.class, MicroTimings::gapMicros, MicroTimings.Builder::gapMicros),
          micros(
              "startEpochMicros",
              Long.class,
              MicroTimings::startEpochMicros,
              MicroTimings.Builder::startEpochMicros),
          micros(
              "setupMicros",
              Long.class,
              MicroTimings::setupMicros,
              MicroTimings.Builder::setupMicros),
          part("injector", Integer.class, InjectorPart::injector, InjectorPart.Builder::injector),
          part(
              "injectorCount",
              Integer.class,
              InjectorPart::injectorCount,
              InjectorPart.Builder::injectorCount),
          part("host", String.class, InjectorPart::host, InjectorPart.Builder::host),
          part("runId", String.class, InjectorPart::runId, InjectorPart.Builder::runId),
          input(
              "askedPromptTokens",
              Integer.class,
              RequestInput::askedPromptTokens,
              RequestInput.Builder::askedPromptTokens),
          input(
              "servedPromptTokens",
              Integer.class,
              RequestInput::servedPromptTokens,
              RequestInput.Builder::servedPromptTokens),
          input("api", String.class, RequestInput::api, RequestInput.Builder::api),
          timings(
              "firstToolCallMillis",
              Long.class,
              Timings::firstToolCallMillis,
              Timings.Builder::firstToolCallMillis),
          output(
              "toolCalls", Integer.class, StreamOutput::toolCalls, StreamOutput.Builder::toolCalls),
          output(
              "finishReason",
              String.class,
              StreamOutput::finishReason,
              StreamOutput.Builder::finishReason),
          input(
              "requestClass",
              String.class,
              RequestInput::requestClass,
              RequestInput.Builder::requestClass));

  private static <T> Field<T> identity(
      String name,
      Type type,
      Function<RequestIdentity, T> get,
      BiConsumer<RequestIdentity.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.identity()), (b, v) -> b.identity(x -> set.accept(x, v)));
  }

  private static <T> Field<T> level(
      String name, Type type, Function<StepLevel, T> get, BiConsumer<StepLevel.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.level()), (b, v) -> b.level(x -> set.accept(x, v)));
  }

  private static <T> Field<T> input(
      String name,
      Type type,
      Function<RequestInput, T> get,
      BiConsumer<RequestInput.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.input()), (b, v) -> b.input(x -> set.accept(x, v)));
  }

  private static <T> Field<T> timings(
      String name, Type type, Function<Timings, T> get, BiConsumer<Timings.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.timings()), (b, v) -> b.timings(x -> set.accept(x, v)));
  }

  private static <T> Field<T> output(
      String name,
      Type type,
      Function<StreamOutput, T> get,
      BiConsumer<StreamOutput.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.output()), (b, v) -> b.output(x -> set.accept(x, v)));
  }

  private static <T> Field<T> result(
      String name,
      Type type,
      Function<RequestResult, T> get,
      BiConsumer<RequestResult.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.result()), (b, v) -> b.result(x -> set.accept(x, v)));
  }

  private static <T> Field<T> health(
      String name,
      Type type,
      Function<StreamHealth, T> get,
      BiConsumer<StreamHealth.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.health()), (b, v) -> b.health(x -> set.accept(x, v)));
  }

  private static <T> Field<T> micros(
      String name,
      Type type,
      Function<MicroTimings, T> get,
      BiConsumer<MicroTimings.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.micros()), (b, v) -> b.micros(x -> set.accept(x, v)));
  }

  private static <T> Field<T> part(
      String name,
      Type type,
      Function<InjectorPart, T> get,
      BiConsumer<InjectorPart.Builder, T> set) {
    return new Field<>(
        name, type, r -> get.apply(r.part()), (b, v) -> b.part(x -> set.accept(x, v)));
  }

  private static final Map<String, Field<?>> BY_NAME =
      FIELDS.stream().collect(Collectors.toUnmodifiableMap(Field::name, f -> f));

  private RecordLayout() {}

  /** Writes the fields of {@link #FIELDS} in order, leaving null ones out. */
  static final class Writer extends StdSerializer<RequestRecord> {
    Writer() {
      super(RequestRecord.class);
    }

    @Override
    public void serialize(RequestRecord record, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      gen.writeStartObject(record);
      for (Field<?> field : FIELDS) {
        Object value = field.get().apply(record);
        if (value != null) {
          gen.writeFieldName(field.name());
          provider.defaultSerializeValue(value, gen);
        }
      }
      gen.writeEndObject();
    }
  }

  /** Reads a line's fields by name, in any order; a null or unknown field is left undefined. */
  static final class Reader extends StdDeserializer<RequestRecord>
      implements ResolvableDeserializer {
    // each field's deserializer, found once: finding it per value cost more than the parsing
    private final Map<String, JsonDeserializer<Object>> deserializers = new ConcurrentHashMap<>();

    Reader() {
      super(RequestRecord.class);
    }

    @Override
    public void resolve(DeserializationContext ctxt) throws JsonMappingException {
      for (Field<?> field : FIELDS) {
        deserializers.put(
            field.name(),
            ctxt.findRootValueDeserializer(ctxt.getTypeFactory().constructType(field.type())));
      }
    }

    @Override
    public RequestRecord deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonToken token = p.currentToken();
      if (token == JsonToken.START_OBJECT) {
        token = p.nextToken();
      }
      RequestRecordBuilder builder = RequestRecord.builder();
      while (token == JsonToken.FIELD_NAME) {
        Field<?> field = BY_NAME.get(p.currentName());
        JsonToken value = p.nextToken();
        if (field == null) {
          p.skipChildren();
        } else if (value != JsonToken.VALUE_NULL) {
          field.read(p, ctxt, builder, deserializers.get(field.name()));
        }
        token = p.nextToken();
      }
      if (token != JsonToken.END_OBJECT) {
        return (RequestRecord) ctxt.handleUnexpectedToken(RequestRecord.class, p);
      }
      return builder.build();
    }
  }
}
