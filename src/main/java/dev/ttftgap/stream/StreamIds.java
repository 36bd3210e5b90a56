package dev.ttftgap.stream;

/**
 * Gives every chunk of a stream the same {@code id} string without making one per chunk. A server
 * repeats the stream's id on every chunk ({@code "id":"chatcmpl-…"}), so reading it as a new string
 * costs one allocation per event and, kept in the event log, ~100 bytes per event; here an id that
 * was read recently on this thread is returned as the string made the first time.
 *
 * <p><b>Algorithm overview.</b> A direct-mapped table of {@value #SLOTS} strings per thread,
 * indexed by the hash of the id's characters: a hit (same characters in the slot) returns the
 * slot's string; a miss makes the string and puts it in the slot, evicting whatever was there. No
 * allocation on a hit, one string on a miss; never a wrong id (the characters are compared).
 *
 * <p><b>Assumptions.</b> One event loop reads its streams' events one after the other, so a table
 * per thread needs no locking. Between two chunks of a stream, each other stream on the loop writes
 * its id once, so a stream's id is still there with probability (1 − 1/{@value #SLOTS})^(n − 1) for
 * n streams on the loop: 94 % at 1,000 streams, 89 % at 2,000 (a miss only costs the string a chunk
 * would have cost anyway; with 4,096 slots a 1,000-stream run missed 27 % of its chunks). The table
 * holds at most {@value #SLOTS} references and their strings: about 1 MB per thread. Ids longer
 * than {@value #MAX_LENGTH} characters are not kept.
 *
 * <p>Usage, as a grammar reads an {@code id} field: {@code StreamIds.of(parser.getTextCharacters(),
 * parser.getTextOffset(), parser.getTextLength())}.
 */
final class StreamIds {
  static final int SLOTS = 16_384;
  static final int MAX_LENGTH = 128;

  private static final ThreadLocal<String[]> TABLE =
      ThreadLocal.withInitial(() -> new String[SLOTS]);

  private StreamIds() {}

  /** The id made of {@code chars[offset, offset + length)}: this thread's string for it. */
  static String of(char[] chars, int offset, int length) {
    if (length > MAX_LENGTH) {
      return new String(chars, offset, length);
    }
    int hash = 0;
    for (int i = offset; i < offset + length; i++) {
      hash = 31 * hash + chars[i];
    }
    String[] table = TABLE.get();
    int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
    String kept = table[slot];
    if (kept != null && sameChars(kept, chars, offset, length)) {
      return kept;
    }
    String made = new String(chars, offset, length);
    table[slot] = made;
    return made;
  }

  private static boolean sameChars(String s, char[] chars, int offset, int length) {
    if (s.length() != length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (s.charAt(i) != chars[offset + i]) {
        return false;
      }
    }
    return true;
  }
}
