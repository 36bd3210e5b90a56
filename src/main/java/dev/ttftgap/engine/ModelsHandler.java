package dev.ttftgap.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;

/** {@code GET /v1/models}: the served profiles as an OpenAI model list. */
final class ModelsHandler implements Endpoint {
  private final EngineContext context;
  private final long createdEpochSeconds = System.currentTimeMillis() / 1000L;

  ModelsHandler(EngineContext context) {
    this.context = context;
  }

  @Override
  public void handle(ChannelHandlerContext ctx, FullHttpRequest request) {
    ObjectNode root = HttpResponses.JSON.createObjectNode();
    root.put("object", "list");
    ArrayNode data = root.putArray("data");
    for (ModelProfile profile : context.profiles().values()) {
      ObjectNode model = data.addObject();
      model.put("id", profile.name());
      model.put("object", "model");
      model.put("created", createdEpochSeconds);
      model.put("owned_by", "ttft-gap");
      model.put("max_model_len", profile.maxModelLen());
    }
    HttpResponses.send(
        ctx.channel(),
        HttpUtil.isKeepAlive(request),
        HttpResponses.json(HttpResponseStatus.OK, root.toString()));
  }
}
