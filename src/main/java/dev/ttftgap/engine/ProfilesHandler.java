package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;

/**
 * {@code GET /v1/engine/profiles}: every served profile with its costs, as in the profile JSON,
 * plus derived figures: {@code saturation_rate_per_second} (analytic, for the default request
 * shape), {@code full_batch_step_ms}, and {@code low_load_ttft_ms} for the default prompt and for
 * 2,000 prompt tokens. {@code "default"} names the model of requests without {@code model}. {@code
 * capacity} gives, for the default shape and for 2,000 prompt tokens, the sequences that can run at
 * once ({@code max_concurrent_sequences}: min of {@code max_num_seqs} and what the KV cache holds),
 * the batch-bound and memory-bound rates and their minimum, the saturation rate.
 *
 * @param context the engine whose state it reads
 */
record ProfilesHandler(EngineContext context) implements Endpoint {

  @Override
  public void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.put("default", context.defaultModel().profile().name());
    root.put("header_mode", context.config().headerMode().name());
    ArrayNode profiles = root.putArray("profiles");
    for (ModelProfile profile : context.profiles().values()) {
      ObjectNode node = HttpResponses.JSON.valueToTree(profile);
      node.put("saturation_rate_per_second", round(profile.saturationRatePerSecond()));
      node.put("full_batch_step_ms", round(profile.fullBatchStepMillis()));
      ObjectNode ttft = node.putObject("low_load_ttft_ms");
      ttft.put(
          Integer.toString(profile.defaultPromptTokens()),
          round(profile.lowLoadTtftMillis(profile.defaultPromptTokens())));
      ttft.put("2000", round(profile.lowLoadTtftMillis(2000)));
      ArrayNode capacity = node.putArray("capacity");
      capacity.add(capacity(profile, profile.defaultPromptTokens()));
      capacity.add(capacity(profile, 2000));
      profiles.add(node);
    }
    HttpResponses.send(
        ctx.channel(),
        HttpUtil.isKeepAlive(request),
        HttpResponses.json(HttpResponseStatus.OK, root.toString()));
  }

  private static ObjectNode capacity(ModelProfile profile, int promptTokens) {
    int output = profile.defaultOutputTokens();
    ObjectNode shape = HttpResponses.JSON.createObjectNode();
    shape.put("prompt_tokens", promptTokens);
    shape.put("output_tokens", output);
    shape.put("max_concurrent_sequences", profile.concurrencyLimit(promptTokens, output));
    shape.put(
        "batch_bound_rate_per_second",
        round(profile.batchBoundRatePerSecond(promptTokens, output)));
    var memoryBound = profile.memoryBoundRatePerSecond(promptTokens, output);
    if (memoryBound.isPresent()) {
      shape.put("memory_bound_rate_per_second", round(memoryBound.getAsDouble()));
    } else {
      shape.putNull("memory_bound_rate_per_second");
    }
    shape.put(
        "saturation_rate_per_second", round(profile.saturationRatePerSecond(promptTokens, output)));
    return shape;
  }

  private static double round(double value) {
    return Math.round(value * 1000.0) / 1000.0;
  }
}
