package dev.ttftgap.record;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
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
 * record constructors): hence this table and the serializer and deserializer that walk it.
 */
final class RecordLayout {
  /** One field of the line: its name, its Java type, where it lives in the record and builder. */
  private record Field<T>(
      String name,
      Type type,
      Function<RequestRecord, T> get,
      BiConsumer<RequestRecordBuilder, T> set) {
    void read(JsonParser p, DeserializationContext ctxt, RequestRecordBuilder builder)
        throws IOException {
      JavaType javaType = ctxt.getTypeFactory().constructType(type);
      T value = ctxt.readValue(p, javaType);
      if (value != null) {
        set.accept(builder, value);
      }
    }
  }

  private static <T> Field<T> field(
      String name,
      Class<T> type,
      Function<RequestRecord, T> get,
      BiConsumer<RequestRecordBuilder, T> set) {
    return new Field<>(name, type, get, set);
  }

  private static <T> Field<T> field(
      String name,
      TypeReference<T> type,
      Function<RequestRecord, T> get,
      BiConsumer<RequestRecordBuilder, T> set) {
    return new Field<>(name, type.getType(), get, set);
  }

  /** Every field, in the order it is written. */
  static final List<Field<?>> FIELDS =
      List.of(
          field("run", String.class, r -> r.identity().run(), (b, v) -> b.identity(x -> x.run(v))),
          field(
              "userId",
              Long.class,
              r -> r.identity().userId(),
              (b, v) -> b.identity(x -> x.userId(v))),
          field(
              "requestId",
              String.class,
              r -> r.identity().requestId(),
              (b, v) -> b.identity(x -> x.requestId(v))),
          field(
              "phase",
              RequestPhase.class,
              r -> r.level().phase(),
              (b, v) -> b.level(x -> x.phase(v))),
          field("step", Integer.class, r -> r.level().step(), (b, v) -> b.level(x -> x.step(v))),
          field(
              "stepLabel",
              String.class,
              r -> r.level().stepLabel(),
              (b, v) -> b.level(x -> x.stepLabel(v))),
          field(
              "offeredRate",
              Double.class,
              r -> r.level().offeredRate(),
              (b, v) -> b.level(x -> x.offeredRate(v))),
          field(
              "concurrency",
              Integer.class,
              r -> r.level().concurrency(),
              (b, v) -> b.level(x -> x.concurrency(v))),
          field("model", String.class, r -> r.input().model(), (b, v) -> b.input(x -> x.model(v))),
          field(
              "promptTokens",
              Integer.class,
              r -> r.input().promptTokens(),
              (b, v) -> b.input(x -> x.promptTokens(v))),
          field(
              "maxTokens",
              Integer.class,
              r -> r.input().maxTokens(),
              (b, v) -> b.input(x -> x.maxTokens(v))),
          field(
              "startEpochMillis",
              Long.class,
              r -> r.timings().startEpochMillis(),
              (b, v) -> b.timings(x -> x.startEpochMillis(v))),
          field(
              "ttfbMillis",
              Long.class,
              r -> r.timings().ttfbMillis(),
              (b, v) -> b.timings(x -> x.ttfbMillis(v))),
          field(
              "ttftMillis",
              Long.class,
              r -> r.timings().ttftMillis(),
              (b, v) -> b.timings(x -> x.ttftMillis(v))),
          field(
              "gapMillis",
              Long.class,
              r -> r.timings().gapMillis(),
              (b, v) -> b.timings(x -> x.gapMillis(v))),
          field(
              "firstContentMillis",
              Long.class,
              r -> r.timings().firstContentMillis(),
              (b, v) -> b.timings(x -> x.firstContentMillis(v))),
          field(
              "firstReasoningMillis",
              Long.class,
              r -> r.timings().firstReasoningMillis(),
              (b, v) -> b.timings(x -> x.firstReasoningMillis(v))),
          field(
              "e2eMillis",
              Long.class,
              r -> r.timings().e2eMillis(),
              (b, v) -> b.timings(x -> x.e2eMillis(v))),
          field(
              "itlMillis",
              new TypeReference<List<Long>>() {},
              r -> r.timings().itlMillis(),
              (b, v) -> b.timings(x -> x.itlMillis(v))),
          field(
              "tpotMillis",
              Double.class,
              r -> r.timings().tpotMillis(),
              (b, v) -> b.timings(x -> x.tpotMillis(v))),
          field(
              "outputTokens",
              Integer.class,
              r -> r.output().outputTokens(),
              (b, v) -> b.output(x -> x.outputTokens(v))),
          field(
              "outputTokensSource",
              String.class,
              r -> r.output().outputTokensSource(),
              (b, v) -> b.output(x -> x.outputTokensSource(v))),
          field(
              "contentEvents",
              Integer.class,
              r -> r.output().contentEvents(),
              (b, v) -> b.output(x -> x.contentEvents(v))),
          field(
              "serverTimings",
              new TypeReference<Map<String, Double>>() {},
              RequestRecord::serverTimings,
              RequestRecordBuilder::serverTimings),
          field(
              "newConnection",
              Boolean.class,
              RequestRecord::newConnection,
              RequestRecordBuilder::newConnection),
          field(
              "outcome",
              Outcome.class,
              r -> r.result().outcome(),
              (b, v) -> b.result(x -> x.outcome(v))),
          field(
              "reason",
              FailureReason.class,
              r -> r.result().reason(),
              (b, v) -> b.result(x -> x.reason(v))),
          field(
              "httpStatus",
              Integer.class,
              r -> r.result().httpStatus(),
              (b, v) -> b.result(x -> x.httpStatus(v))),
          field(
              "message",
              String.class,
              r -> r.result().message(),
              (b, v) -> b.result(x -> x.message(v))),
          field(
              "prompts",
              String.class,
              r -> r.input().prompts(),
              (b, v) -> b.input(x -> x.prompts(v))),
          field(
              "sharedPrefixTokens",
              Integer.class,
              r -> r.input().sharedPrefixTokens(),
              (b, v) -> b.input(x -> x.sharedPrefixTokens(v))),
          field(
              "conversationId",
              String.class,
              r -> r.input().conversationId(),
              (b, v) -> b.input(x -> x.conversationId(v))),
          field("turn", Integer.class, r -> r.input().turn(), (b, v) -> b.input(x -> x.turn(v))),
          field(
              "malformedChunks",
              Integer.class,
              r -> r.health().malformedChunks(),
              (b, v) -> b.health(x -> x.malformedChunks(v))),
          field(
              "stalls",
              Integer.class,
              r -> r.health().stalls(),
              (b, v) -> b.health(x -> x.stalls(v))),
          field(
              "longestStallMillis",
              Long.class,
              r -> r.health().longestStallMillis(),
              (b, v) -> b.health(x -> x.longestStallMillis(v))),
          field(
              "ttfbMicros",
              Long.class,
              r -> r.micros().ttfbMicros(),
              (b, v) -> b.micros(x -> x.ttfbMicros(v))),
          field(
              "ttftMicros",
              Long.class,
              r -> r.micros().ttftMicros(),
              (b, v) -> b.micros(x -> x.ttftMicros(v))),
          field(
              "gapMicros",
              Long.class,
              r -> r.micros().gapMicros(),
              (b, v) -> b.micros(x -> x.gapMicros(v))),
          field(
              "startEpochMicros",
              Long.class,
              r -> r.micros().startEpochMicros(),
              (b, v) -> b.micros(x -> x.startEpochMicros(v))),
          field(
              "injector",
              Integer.class,
              r -> r.part().injector(),
              (b, v) -> b.part(x -> x.injector(v))),
          field(
              "injectorCount",
              Integer.class,
              r -> r.part().injectorCount(),
              (b, v) -> b.part(x -> x.injectorCount(v))),
          field("host", String.class, r -> r.part().host(), (b, v) -> b.part(x -> x.host(v))),
          field("runId", String.class, r -> r.part().runId(), (b, v) -> b.part(x -> x.runId(v))),
          field(
              "askedPromptTokens",
              Integer.class,
              r -> r.input().askedPromptTokens(),
              (b, v) -> b.input(x -> x.askedPromptTokens(v))),
          field(
              "servedPromptTokens",
              Integer.class,
              r -> r.input().servedPromptTokens(),
              (b, v) -> b.input(x -> x.servedPromptTokens(v))));

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
  static final class Reader extends StdDeserializer<RequestRecord> {
    Reader() {
      super(RequestRecord.class);
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
          field.read(p, ctxt, builder);
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
