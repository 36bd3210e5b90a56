package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ChunkEncoderTest {
  private static final ByteBufAllocator ALLOC = new UnpooledByteBufAllocator(true);

  private final ChunkEncoder encoder = new ChunkEncoder("chatcmpl-1", "stress", 1_700_000_000L);

  /** The stream ends; {@link ChunkEncoder#release} may already have been called by the test. */
  @AfterEach
  void endTheStream() {
    encoder.release();
  }

  private static byte[] utf8(String word) {
    return word.getBytes(StandardCharsets.UTF_8);
  }

  private static String read(ByteBuf frame) {
    return frame.toString(StandardCharsets.UTF_8);
  }

  private String expectedFrame(byte[] word) {
    ByteBuf event = encoder.content(ALLOC, word);
    String payload = read(event);
    int size = event.readableBytes();
    event.release();
    return Integer.toHexString(size) + "\r\n" + payload + "\r\n";
  }

  /** The connection writes {@code frame} last and the stream ends: no buffer may stay allocated. */
  private void assertFreedAfterItsWriteAndTheStreamsEnd(ByteBuf frame, String why) {
    frame.release();
    encoder.release();
    assertThat(frame.refCnt()).as(why).isZero();
  }

  @Test
  void framedContentIsTheContentEventAsOneHttpChunk() {
    byte[] word = utf8(" café");

    ByteBuf frame = encoder.framedContent(ALLOC, word);

    assertThat(read(frame))
        .as("hex size of the UTF-8 event, CRLF, the event, CRLF")
        .isEqualTo(expectedFrame(word))
        .startsWith(Integer.toHexString(frame.readableBytes() - 6) + "\r\ndata: {\"id\":");
    frame.release();
  }

  @Test
  void aWrittenFrameBufferIsReusedWithTheNextWord() {
    byte[] first = utf8("The");
    byte[] second = utf8(" 速い");

    ByteBuf one = encoder.framedContent(ALLOC, first);
    String oneText = read(one);
    one.release(); // the connection wrote it
    ByteBuf two = encoder.framedContent(ALLOC, second);

    assertThat(two).as("the released frame buffer is the one reused").isSameAs(one);
    assertThat(oneText).isEqualTo(expectedFrame(first));
    assertThat(read(two))
        .as("a reused frame has the new word and its own size line")
        .isEqualTo(expectedFrame(second));
    assertFreedAfterItsWriteAndTheStreamsEnd(two, "the frame buffer is freed once the stream ends");
  }

  @Test
  void aFrameStillQueuedIsNotOverwritten() {
    byte[] first = utf8(" engine");
    byte[] second = utf8(".");

    ByteBuf queued = encoder.framedContent(ALLOC, first);
    ByteBuf next = encoder.framedContent(ALLOC, second);

    assertThat(next).as("a fresh buffer while the last frame is not written").isNotSameAs(queued);
    assertThat(read(queued)).isEqualTo(expectedFrame(first));
    assertThat(read(next)).isEqualTo(expectedFrame(second));
    next.release();
    assertFreedAfterItsWriteAndTheStreamsEnd(
        queued, "the frame buffer is freed after its last write");
  }

  @Test
  void aWordLongerThanTheFrameSlotGetsItsOwnBuffer() {
    byte[] longWord = utf8(" a-very-long-token-that-does-not-fit-the-slot");

    ByteBuf frame = encoder.framedContent(ALLOC, longWord);

    assertThat(read(frame)).isEqualTo(expectedFrame(longWord));
    frame.release();
  }
}
