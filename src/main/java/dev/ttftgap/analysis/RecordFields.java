package dev.ttftgap.analysis;

import dev.ttftgap.record.RequestRecord;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a set of records says about one of their fields, records that leave it null (e.g. older
 * runs) saying nothing: {@code distinctSorted(records, RequestRecord::run)} gives the run ids of
 * merged files, {@code first(records, RequestRecord::stepLabel)} a step's label.
 */
final class RecordFields {
  private RecordFields() {}

  /** The field's values, each once, in natural order; empty when every record leaves it null. */
  static <T extends Comparable<? super T>> List<T> distinctSorted(
      List<RequestRecord> records, Function<RequestRecord, T> field) {
    return records.stream().map(field).filter(Objects::nonNull).distinct().sorted().toList();
  }

  /** The field's first value in record order; null when every record leaves it null. */
  static <T> T first(List<RequestRecord> records, Function<RequestRecord, T> field) {
    return records.stream().map(field).filter(Objects::nonNull).findFirst().orElse(null);
  }
}
