/** Token counting with a real tokenizer, shared by the engine and the measurement. */
package dev.ttftgap.tokens;
