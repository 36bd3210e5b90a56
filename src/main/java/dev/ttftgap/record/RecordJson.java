package dev.ttftgap.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The one JSON mapping of {@link RequestRecord} lines, shared by the writer and the reader. */
final class RecordJson {
  /**
   * Null fields are left out (null means undefined); unknown fields are ignored so that files
   * written by a newer version with more fields still read.
   */
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(
                  JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private RecordJson() {}
}
