package dev.ttftgap.record;

import org.jspecify.annotations.Nullable;

/**
 * What a request asked for: model, lengths and how its prompt was made; part of a {@link
 * RequestRecord}.
 *
 * @param model model id sent in the request
 * @param promptTokens prompt length in tokens (tokenizer count, or the server's usage)
 * @param maxTokens {@code max_tokens} sent
 * @param prompts how the prompt was made: {@code "distinct"} (each request its own), {@code
 *     "repeated"} (the same text every time) or {@code "dataset"}; null in records of older runs
 * @param sharedPrefixTokens tokens of the system prompt all requests of the run share (0 = none)
 * @param conversationId the conversation of a multi-turn run; null for single requests
 * @param turn 1-based turn within the conversation; null for single requests
 * @param askedPromptTokens the prompt length the request was built for, system prompt and chat
 *     template included: in the served model's tokens when the run calibrated its prompts against
 *     the target (see {@code tokens.TokenCalibration}), else in cl100k tokens; null in records of
 *     older runs
 * @param servedPromptTokens the server's own count, {@code usage.prompt_tokens}; null when it sent
 *     no usage
 * @param api the streaming API the request used ({@code chat}, {@code completions}, {@code
 *     responses}, {@code messages}: {@code stream.Api#id()}); null in records of older runs, which
 *     were all chat
 * @param requestClass the profile's request class the arrival was drawn to ({@code
 *     profile.RequestClass#name()}); null for a profile without classes and in records of older
 *     runs
 */
public record RequestInput(
    String model,
    @Nullable Integer promptTokens,
    @Nullable Integer maxTokens,
    @Nullable String prompts,
    @Nullable Integer sharedPrefixTokens,
    @Nullable String conversationId,
    @Nullable Integer turn,
    @Nullable Integer askedPromptTokens,
    @Nullable Integer servedPromptTokens,
    @Nullable String api,
    @Nullable String requestClass) {
  /** Every field undefined: null, or 0 for a primitive. */
  public static final RequestInput NONE = new Builder().build();

  /** The API of a record that names none: every run before issue 25 streamed chat completions. */
  public static final String DEFAULT_API = "chat";

  /**
   * The API the request used, {@value #DEFAULT_API} when the record names none (a record of an
   * older run): what readers group and label by.
   */
  public String apiOrChat() {
    return api == null ? DEFAULT_API : api;
  }

  /** A builder with every field undefined. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this part's fields, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Sets a {@link RequestInput}'s fields by name; a field not set stays undefined. */
  public static final class Builder {
    private String model;
    private Integer promptTokens;
    private Integer maxTokens;
    private String prompts;
    private Integer sharedPrefixTokens;
    private String conversationId;
    private Integer turn;
    private Integer askedPromptTokens;
    private Integer servedPromptTokens;
    private String api;
    private String requestClass;

    private Builder() {}

    private Builder(RequestInput part) {
      model = part.model();
      promptTokens = part.promptTokens();
      maxTokens = part.maxTokens();
      prompts = part.prompts();
      sharedPrefixTokens = part.sharedPrefixTokens();
      conversationId = part.conversationId();
      turn = part.turn();
      askedPromptTokens = part.askedPromptTokens();
      servedPromptTokens = part.servedPromptTokens();
      api = part.api();
      requestClass = part.requestClass();
    }

    public Builder model(String value) {
      model = value;
      return this;
    }

    public Builder promptTokens(Integer value) {
      promptTokens = value;
      return this;
    }

    public Builder maxTokens(Integer value) {
      maxTokens = value;
      return this;
    }

    public Builder prompts(String value) {
      prompts = value;
      return this;
    }

    public Builder sharedPrefixTokens(Integer value) {
      sharedPrefixTokens = value;
      return this;
    }

    public Builder conversationId(String value) {
      conversationId = value;
      return this;
    }

    public Builder turn(Integer value) {
      turn = value;
      return this;
    }

    public Builder askedPromptTokens(Integer value) {
      askedPromptTokens = value;
      return this;
    }

    public Builder servedPromptTokens(Integer value) {
      servedPromptTokens = value;
      return this;
    }

    public Builder api(String value) {
      api = value;
      return this;
    }

    public Builder requestClass(String value) {
      requestClass = value;
      return this;
    }

    public RequestInput build() {
      return new RequestInput(
          model,
          promptTokens,
          maxTokens,
          prompts,
          sharedPrefixTokens,
          conversationId,
          turn,
          askedPromptTokens,
          servedPromptTokens,
          api,
          requestClass);
    }
  }
}
