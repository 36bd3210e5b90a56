/**
 * Test support for the parsers' fuzz tests: a seeded {@link dev.ttftgap.fuzz.Mutator} of valid
 * inputs, the {@link dev.ttftgap.fuzz.FuzzTarget} a parser is fuzzed as, the time-bounded {@link
 * dev.ttftgap.fuzz.FuzzRun} that checks no exception escapes it, and the corpus of found cases
 * replayed on every run. It imports no production package, so every package's tests can use it.
 */
package dev.ttftgap.fuzz;
