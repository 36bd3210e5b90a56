package dev.ttftgap.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ChunkEncoderTest {
  private static final ByteBufAllocator ALLOC = new UnpooledByteBufAllocator(true);

  private static String read(ByteBuf frame) {
    return frame.toString(StandardCharsets.UTF_8);
  }

  private static String expectedFrame(ChunkEncoder encoder, byte[] word) {
    ByteBuf event = encoder.content(ALLOC, word);
    String payload = read(event);
    int size = event.readableBytes();
    event.release();
    return Integer.toHexString(size) + "\r\n" + payload + "\r\n";
  }

  @Test
  void framedContentIsTheContentEventAsOneHttpChunk() {
    ChunkEncoder encoder = new ChunkEncoder("chatcmpl-1", "stress", 1_700_000_000L);
    byte[] word = " café".getBytes(StandardCharsets.UTF_8);

    ByteBuf frame = encoder.framedContent(ALLOC, word);

    assertThat(read(frame))
        .as("hex size of the UTF-8 event, CRLF, the event, CRLF")
        .isEqualTo(expectedFrame(encoder, word))
        .startsWith(Integer.toHexString(frame.readableBytes() - 6) + "\r\ndata: {\"id\":");
    frame.release();
    encoder.release();
  }

  @Test
  void aWrittenFrameBufferIsReusedWithTheNextWord() {
    ChunkEncoder encoder = new ChunkEncoder("chatcmpl-2", "stress", 1L);
    byte[] first = "The".getBytes(StandardCharsets.UTF_8);
    byte[] second = " 速い".getBytes(StandardCharsets.UTF_8);

    ByteBuf one = encoder.framedContent(ALLOC, first);
    String oneText = read(one);
    one.release(); // the connection wrote it
    ByteBuf two = encoder.framedContent(ALLOC, second);

    assertThat(two).as("the released frame buffer is the one reused").isSameAs(one);
    assertThat(oneText).isEqualTo(expectedFrame(encoder, first));
    assertThat(read(two))
        .as("a reused frame has the new word and its own size line")
        .isEqualTo(expectedFrame(encoder, second));
    two.release();
    encoder.release();
    assertThat(two.refCnt()).as("the frame buffer is freed once the stream ends").isZero();
  }

  @Test
  void aFrameStillQueuedIsNotOverwritten() {
    ChunkEncoder encoder = new ChunkEncoder("chatcmpl-3", "stress", 1L);
    byte[] first = " engine".getBytes(StandardCharsets.UTF_8);
    byte[] second = ".".getBytes(StandardCharsets.UTF_8);

    ByteBuf queued = encoder.framedContent(ALLOC, first);
    ByteBuf next = encoder.framedContent(ALLOC, second);

    assertThat(next).as("a fresh buffer while the last frame is not written").isNotSameAs(queued);
    assertThat(read(queued)).isEqualTo(expectedFrame(encoder, first));
    assertThat(read(next)).isEqualTo(expectedFrame(encoder, second));
    next.release();
    queued.release();
    encoder.release();
    assertThat(queued.refCnt()).as("the frame buffer is freed after its last write").isZero();
  }

  @Test
  void aWordLongerThanTheFrameSlotGetsItsOwnBuffer() {
    ChunkEncoder encoder = new ChunkEncoder("chatcmpl-4", "stress", 1L);
    byte[] longWord =
        " a-very-long-token-that-does-not-fit-the-slot".getBytes(StandardCharsets.UTF_8);

    ByteBuf frame = encoder.framedContent(ALLOC, longWord);

    assertThat(read(frame)).isEqualTo(expectedFrame(encoder, longWord));
    frame.release();
    encoder.release();
  }
}
