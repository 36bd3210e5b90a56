/** Per-request records: the schema, and writing and reading {@code records.jsonl} files. */
package dev.ttftgap.record;
