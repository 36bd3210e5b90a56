package dev.ttftgap.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.stream.Api;
import dev.ttftgap.stream.ChunkKind;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseRecorderTest {
  private static final String STREAM =
      ": keep-alive\n\n"
          + "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\n\n"
          + "data: {\"choices\":[{\"delta\":{\"content\":\"你好\"}}]}\r\n\r\n"
          + "data: {\"choices\":[],\"usage\":{\"completion_tokens\":1}}\n\n"
          + "data: [DONE]\n\n";

  private static SseRecorder recorder() {
    SseRecorder recorder = new SseRecorder();
    recorder.onSubscribe(new NoOpSubscription());
    return recorder;
  }

  private static List<ByteBuffer> buffer(byte[] bytes) {
    return List.of(ByteBuffer.wrap(bytes));
  }

  @Test
  void splitsAtEveryBytePositionIncludingInsideMultiByteCharacters() {
    byte[] bytes = STREAM.getBytes(StandardCharsets.UTF_8);
    for (int cut = 0; cut <= bytes.length; cut++) {
      SseRecorder recorder = recorder();
      recorder.onNext(buffer(Arrays.copyOfRange(bytes, 0, cut)));
      recorder.onNext(buffer(Arrays.copyOfRange(bytes, cut, bytes.length)));
      recorder.onComplete();

      assertThat(recorder.events())
          .as("cut at byte %d", cut)
          .extracting(e -> e.chunk().kind())
          .containsExactly(ChunkKind.ROLE_ONLY, ChunkKind.CONTENT, ChunkKind.USAGE, ChunkKind.DONE);
      assertThat(recorder.events().get(1).chunk().text()).as("cut at byte %d", cut).isEqualTo("你好");
    }
  }

  @Test
  void recordsWhichReadCompletedEachEvent() {
    SseRecorder recorder = recorder();
    recorder.onNext(buffer("data: {\"a\":1}\n\ndata: {\"b\"".getBytes(StandardCharsets.UTF_8)));
    recorder.onNext(buffer(":2}\n\ndata: [DONE]\n\n".getBytes(StandardCharsets.UTF_8)));
    recorder.onComplete();

    assertThat(recorder.events()).extracting(SseRecorder.Event::read).containsExactly(1, 2, 2);
    assertThat(recorder.finished()).isCompleted();
  }

  @Test
  void lastEventWithoutBlankLineIsDispatchedAtTheEndAndMultiLineDataIsJoined() {
    SseRecorder recorder = recorder();
    recorder.onNext(
        buffer(
            "data: {\"choices\":\ndata: [{\"delta\":{\"content\":\"a\"}}]}\n\ndata: [DONE]"
                .getBytes(StandardCharsets.UTF_8)));
    recorder.onComplete();

    assertThat(recorder.events())
        .as("the two data lines form one JSON object")
        .extracting(e -> e.chunk().kind())
        .containsExactly(ChunkKind.CONTENT, ChunkKind.DONE);
  }

  @Test
  void keepsEachEventsNameAndDataAndMakesAnErrorLineAnErrorEvent() {
    SseRecorder recorder = new SseRecorder(Api.MESSAGES);
    recorder.onSubscribe(new NoOpSubscription());
    recorder.onNext(
        buffer(
            ("event: message_start\ndata: {\"type\":\"message_start\"}\n\n"
                    + "data: {\"choices\":[]}\n\n"
                    + "error: {\"code\":500,\"message\":\"KV cache full\"}\n\n")
                .getBytes(StandardCharsets.UTF_8)));
    recorder.onComplete();

    assertThat(recorder.events())
        .extracting(SseRecorder.Event::name, SseRecorder.Event::data)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("message_start", "{\"type\":\"message_start\"}"),
            org.assertj.core.groups.Tuple.tuple(null, "{\"choices\":[]}"),
            org.assertj.core.groups.Tuple.tuple(
                "error", "{\"code\":500,\"message\":\"KV cache full\"}"));
    assertThat(recorder.events().get(2).chunk().kind()).isEqualTo(ChunkKind.ERROR);
  }
}
