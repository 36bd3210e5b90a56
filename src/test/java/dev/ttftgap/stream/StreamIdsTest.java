package dev.ttftgap.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StreamIdsTest {
  private static String of(String id) {
    char[] padded = ("xx" + id + "yy").toCharArray();
    return StreamIds.of(padded, 2, id.length());
  }

  @Test
  void theSameCharactersGiveTheSameString() {
    String first = of("chatcmpl-7imiszal-6");
    String again = of("chatcmpl-7imiszal-6");

    assertThat(first).isEqualTo("chatcmpl-7imiszal-6");
    assertThat(again).as("the second read of an id is the first one's string").isSameAs(first);
  }

  /**
   * Ids that share a slot evict each other: each read still gives its own characters, and the id
   * read last is kept.
   */
  @Test
  void idsThatShareASlotAreNeverMixedUp() {
    Map<Integer, String> bySlot = new HashMap<>();
    String a = null;
    String b = null;
    for (int i = 0; a == null; i++) {
      String id = "chatcmpl-" + i;
      int hash = id.hashCode();
      int slot = (hash ^ (hash >>> 16)) & (StreamIds.SLOTS - 1);
      String other = bySlot.putIfAbsent(slot, id);
      if (other != null) {
        a = other;
        b = id;
      }
    }

    String firstA = of(a);
    assertThat(of(b)).as("a colliding id").isEqualTo(b);
    assertThat(of(a)).as("the evicted id, read again").isEqualTo(a).isNotSameAs(firstA);
    assertThat(of(a)).as("now kept").isSameAs(of(a));
  }

  @Test
  void anIdLongerThanTheLimitIsReadButNotKept() {
    String longId = "c".repeat(StreamIds.MAX_LENGTH + 1);

    assertThat(of(longId)).isEqualTo(longId).isNotSameAs(of(longId));
  }

  @Test
  void theChunksOfOneStreamShareTheirIdString() {
    String chunk = "{\"id\":\"chatcmpl-42\",\"choices\":[{\"delta\":{\"content\":\"%s\"}}]}";
    Chunk first = ChunkClassifier.classifyData(chunk.formatted("Hi"));
    Chunk second = ChunkClassifier.classifyData(chunk.formatted("!"));

    assertThat(second.id()).isEqualTo("chatcmpl-42").isSameAs(first.id());
  }
}
