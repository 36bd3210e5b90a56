package dev.ttftgap.profile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ttftgap.tokens.TokenCalibration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Builds the body of every request of a run from its {@link RequestShape}, in the shape's API
 * ({@link RequestBodies}): single requests by index, or the turns of a multi-turn {@link
 * ConversationState} (with an agent's tool results, {@link #toolResult}).
 *
 * <p>Algorithm overview: request (or conversation) {@code i} draws from its own random generator,
 * seeded with {@code promptSeed} and {@code i}, so a run's requests do not depend on which thread
 * asks first: the prompt length from {@code promptTokens}, {@code max_tokens} from {@code
 * maxTokens}, and with a dataset the conversation (sampled with replacement). A generated user
 * message of n tokens is, with distinct prompts, a tag of {@value PromptBuilder#TAG_TOKENS} tokens
 * unique to {@code i} ({@link PromptBuilder#uniqueTag}) followed by the first n − 6 tokens of one
 * fixed text; with repeated prompts the first n tokens of that text. A text {@code prompt} gets the
 * tag in front when distinct. The shared system prompt ({@code sharedPrefixTokens} generated
 * tokens, or {@code systemPrompt}) comes first and is the same for every request: all a prefix
 * cache can reuse across requests.
 *
 * <p>Lengths are the served model's tokens when the factory has a {@link TokenCalibration} from the
 * target: a generated user message of a single request asked to be n tokens gets {@link
 * TokenCalibration#contentTokensFor} cl100k tokens (the template's fixed tokens taken off, the
 * ratio applied), a generated system prompt and conversation turns the ratio only; the planned
 * length ({@link PlannedRequest#promptTokens}) is then the asked n (plus the system prompt's), or
 * for text prompts, datasets and conversations the calibration's prediction.
 *
 * <p>Assumptions: token counts are jtokkit's ({@code cl100k_base}) unless calibrated; the served
 * model's tokenizer and chat template differ by a few tokens per message. The fixed text is
 * generated once, as long as the longest prompt, so a request costs a string concatenation, not a
 * tokenizer pass.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * RequestFactory requests = RequestFactory.of(profile.request(), Optional.of("qwen3-8b-like"));
 * PlannedRequest first = requests.single(0); // its own prompt
 * PlannedRequest second = requests.single(1); // differs from the first from its first token
 * }</pre>
 */
public final class RequestFactory {
  /** Turns of one generated conversation get tags {@code i × MAX_TURNS + turn}. */
  static final int MAX_TURNS = 1_000;

  private static final long SYSTEM_SEED_SALT = 0x5157E3L;
  private static final long TOOL_RESULT_SEED_SALT = 0x7001L;

  private final RequestShape shape;
  private final Optional<String> model;
  private final PromptMode mode;
  private final Optional<ChatMessage> system;
  private final List<String> pieces;
  private final Optional<ChatMessage> textPrompt;
  private final Optional<ChatDataset> dataset;
  private final TokenCalibration calibration;

  private RequestFactory(
      RequestShape shape,
      Optional<String> model,
      Optional<ChatDataset> dataset,
      TokenCalibration calibration) {
    this.shape = shape;
    this.model = model;
    this.dataset = dataset;
    this.calibration = calibration;
    this.mode = dataset.isPresent() ? PromptMode.DATASET : shape.prompt().mode();
    if (shape.prompt().sharedPrefixTokens() > 0) {
      this.system =
          Optional.of(
              ChatMessage.of(
                  "system",
                  PromptBuilder.promptOfTokens(
                      calibration.cl100kFor(shape.prompt().sharedPrefixTokens()),
                      shape.prompt().seed() ^ SYSTEM_SEED_SALT)));
    } else {
      this.system = shape.prompt().systemPrompt().map(text -> ChatMessage.of("system", text));
    }
    int longest = shape.promptTokensDistribution().map(LengthDistribution::max).orElse(0);
    int longestCl100k =
        Math.max(calibration.cl100kFor(longest), calibration.contentTokensFor(longest));
    int toolResult = calibration.cl100kFor(toolResultTokens(shape));
    this.pieces =
        PromptBuilder.pieces(
            Math.max(Math.max(longestCl100k, toolResult), 1), shape.prompt().seed());
    this.textPrompt =
        shape
            .prompt()
            .text()
            .map(
                text ->
                    mode == PromptMode.DISTINCT
                        ? ChatMessage.of(
                            "user",
                            PromptBuilder.uniqueTag(
                                    0, shape.prompt().seed(), PromptBuilder.TAG_TOKENS)
                                + " "
                                + text)
                        : ChatMessage.of("user", text));
  }

  /**
   * The factory for {@code shape}, sending {@code modelOverride} (the settings' model) or the
   * shape's model. Reads the dataset now, so a bad line fails before any load.
   */
  public static RequestFactory of(RequestShape shape, Optional<String> modelOverride) {
    return of(shape, modelOverride, TokenCalibration.NONE);
  }

  /**
   * Like {@link #of(RequestShape, Optional)}, lengths in the served model's tokens as {@code
   * calibration} counts them.
   */
  public static RequestFactory of(
      RequestShape shape, Optional<String> modelOverride, TokenCalibration calibration) {
    Objects.requireNonNull(modelOverride, "modelOverride");
    Objects.requireNonNull(calibration, "calibration");
    Optional<ChatDataset> dataset = shape.dataset().map(ChatDataset::read);
    dataset.ifPresent(rows -> rows.checkToolsFit(shape.api().api()));
    return new RequestFactory(shape, modelOverride.or(shape::model), dataset, calibration);
  }

  private static int toolResultTokens(RequestShape shape) {
    return shape.conversation().map(Conversation::toolResultTokens).orElse(0);
  }

  /** How lengths are counted: {@link TokenCalibration#NONE} for cl100k tokens. */
  public TokenCalibration calibration() {
    return calibration;
  }

  /** The model id sent; empty when the bodies have no {@code "model"}. */
  public Optional<String> model() {
    return model;
  }

  /** The API the bodies are written for, with their tools and reasoning effort. */
  public ApiShape api() {
    return shape.api();
  }

  /** How the prompts are made. */
  public PromptMode mode() {
    return mode;
  }

  /** Tokens of the system prompt every request shares; 0 when none. */
  public int sharedPrefixTokens() {
    if (shape.prompt().sharedPrefixTokens() > 0) {
      return shape.prompt().sharedPrefixTokens();
    }
    return system.map(m -> calibration.servedContentFor(m.tokens())).orElse(0);
  }

  /** Whether users hold conversations of several turns. */
  public boolean multiTurn() {
    return shape.conversation().isPresent();
  }

  /** The request of index {@code index} (0-based, one per request of the run). */
  public PlannedRequest single(long index) {
    SplittableRandom random = random(index);
    List<ChatMessage> messages = new ArrayList<>(3);
    system.ifPresent(messages::add);
    int maxTokens;
    Integer asked = null;
    List<ObjectNode> tools = shape.api().tools();
    if (dataset.isPresent()) {
      ChatDataset.Row row = row(random);
      messages.addAll(row.firstTurn());
      maxTokens = maxTokens(row, random);
      tools = toolsOf(row);
    } else if (textPrompt.isPresent()) {
      messages.add(userMessage(index, random, false).message());
      maxTokens = shape.maxTokensDistribution().sample(random);
    } else {
      Generated user = userMessage(index, random, true);
      messages.add(user.message());
      maxTokens = shape.maxTokensDistribution().sample(random);
      // what the profile asked: the user message's length and the system prompt's
      asked = user.askedTokens() + sharedPrefixTokens();
    }
    return planned(messages, maxTokens, null, null, asked, tools);
  }

  /** A new conversation of index {@code index} (0-based, one per virtual user). */
  public ConversationState conversation(long index) {
    SplittableRandom random = random(index);
    Conversation conversation =
        shape
            .conversation()
            .orElseThrow(() -> new IllegalStateException("the profile has no conversation"));
    List<ChatMessage> turns = new ArrayList<>();
    List<Integer> maxTokens = new ArrayList<>();
    List<ChatMessage> opening = new ArrayList<>();
    system.ifPresent(opening::add);
    List<ObjectNode> tools = shape.api().tools();
    int maxTurns = conversation.turns().orElse(MAX_TURNS - 1);
    if (dataset.isPresent()) {
      ChatDataset.Row row = row(random);
      tools = toolsOf(row);
      row.messages().stream().filter(m -> m.role().equals("system")).forEach(opening::add);
      List<ChatMessage> users = row.userMessages();
      int count = conversation.turns().map(n -> Math.min(n, users.size())).orElse(users.size());
      for (int turn = 0; turn < count; turn++) {
        turns.add(users.get(turn));
        maxTokens.add(maxTokens(row, random));
      }
    } else {
      int count = conversation.turns().orElseThrow();
      for (int turn = 0; turn < count; turn++) {
        turns.add(userMessage(index * MAX_TURNS + turn, random, false).message());
        maxTokens.add(shape.maxTokensDistribution().sample(random));
      }
    }
    return new ConversationState(this, index, opening, turns, maxTokens, maxTurns, tools);
  }

  PlannedRequest planned(
      List<ChatMessage> messages,
      int maxTokens,
      String conversationId,
      Integer turn,
      List<ObjectNode> tools) {
    return planned(messages, maxTokens, conversationId, turn, null, tools);
  }

  /**
   * The result sent back for the tool call {@code callId}: generated text of the conversation's
   * {@code toolResultTokens}, starting with a tag of its own ({@code tagIndex}).
   */
  ChatMessage toolResult(String callId, long tagIndex) {
    int tokens = calibration.cl100kFor(toolResultTokens(shape));
    String content =
        PromptBuilder.text(
            pieces, true, tagIndex, shape.prompt().seed() ^ TOOL_RESULT_SEED_SALT, tokens);
    return ChatMessage.toolResult(callId, content, tokens);
  }

  /** The tools a dataset row's requests offer: its own, else the profile's. */
  private List<ObjectNode> toolsOf(ChatDataset.Row row) {
    return row.tools().isEmpty() ? shape.api().tools() : row.tools();
  }

  /**
   * @param asked the asked length in served tokens; null: the calibration's prediction for the
   *     messages (their cl100k count when not calibrated)
   */
  private PlannedRequest planned(
      List<ChatMessage> messages,
      int maxTokens,
      String conversationId,
      Integer turn,
      Integer asked,
      List<ObjectNode> tools) {
    int cl100k = messages.stream().mapToInt(ChatMessage::tokens).sum();
    int promptTokens = asked != null ? asked : calibration.servedFor(cl100k);
    return new PlannedRequest(
        RequestBodies.write(model, messages, maxTokens, shape, tools),
        promptTokens,
        maxTokens,
        mode.code(),
        sharedPrefixTokens(),
        conversationId,
        turn);
  }

  private SplittableRandom random(long index) {
    return new SplittableRandom(shape.prompt().seed() * 0x9E3779B97F4A7C15L + index);
  }

  private ChatDataset.Row row(SplittableRandom random) {
    List<ChatDataset.Row> rows = dataset.orElseThrow().rows();
    return rows.get(random.nextInt(rows.size()));
  }

  private int maxTokens(ChatDataset.Row row, SplittableRandom random) {
    int sampled = shape.maxTokensDistribution().sample(random);
    return row.maxTokens().orElse(sampled);
  }

  /** A user message and the length asked for it (served tokens; its cl100k count for a text). */
  private record Generated(ChatMessage message, int askedTokens) {}

  /**
   * A user message: the text prompt (tagged when distinct) or generated text of sampled length,
   * built for {@code wholeRequest} (the request's only user message: the template's fixed tokens
   * come off its length) or for one turn of a conversation (the ratio only).
   */
  private Generated userMessage(long tagIndex, SplittableRandom random, boolean wholeRequest) {
    if (textPrompt.isPresent()) {
      ChatMessage text = textPrompt.get();
      if (mode != PromptMode.DISTINCT) {
        return new Generated(text, text.tokens());
      }
      String tag =
          PromptBuilder.uniqueTag(tagIndex, shape.prompt().seed(), PromptBuilder.TAG_TOKENS);
      // every tag is six one-token pieces, so the count of tag 0 holds for all
      return new Generated(
          new ChatMessage("user", tag + " " + shape.prompt().text().orElseThrow(), text.tokens()),
          text.tokens());
    }
    int asked = shape.promptTokensDistribution().orElseThrow().sample(random);
    int tokens = wholeRequest ? calibration.contentTokensFor(asked) : calibration.cl100kFor(asked);
    String content =
        PromptBuilder.text(
            pieces, mode == PromptMode.DISTINCT, tagIndex, shape.prompt().seed(), tokens);
    return new Generated(new ChatMessage("user", content, tokens), asked);
  }
}
