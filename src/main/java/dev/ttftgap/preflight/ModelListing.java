package dev.ttftgap.preflight;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks every model id a run will send against the server's models listing, before any load.
 *
 * <p>Algorithm overview: the ids (the run's model first, then any other an experiment's arms send)
 * are taken in order without repeats; the first one the listing does not hold exactly fails, with
 * the ids it does hold and the near matches of {@link NearMatches}. An id the server has already
 * answered passes when the listing holds it in another spelling the server resolves ({@link
 * #listedAlike}). An empty listing (no {@code /models}, or a server that answers it with an error)
 * checks nothing: the chat request decides.
 *
 * <p>Assumptions: a server's listing names every id it accepts. Some servers (llama.cpp's {@code
 * llama-server}) answer any id from their one model, so only the listing can say that an id sent
 * was not the model measured: a comparison of two ids against one such server compares the server
 * with itself.
 */
final class ModelListing {
  static final int MAX_LISTED = 10;

  private ModelListing() {}

  /**
   * The diagnosis for the first id of {@code sent} that {@code served} does not list; empty when
   * all are listed or {@code served} is empty.
   *
   * @param answered whether the server answered a chat request for the id (then it ignores ids)
   * @param experiment whether an experiment sends several ids (the fix then names its setting)
   */
  static Optional<Diagnosis> unlisted(
      List<String> sent,
      List<String> served,
      String modelsUrl,
      boolean answered,
      boolean experiment) {
    if (served.isEmpty()) {
      return Optional.empty();
    }
    Set<String> ids = new LinkedHashSet<>(sent);
    for (String id : ids) {
      if (id == null || served.contains(id) || answered && listedAlike(id, served)) {
        continue;
      }
      List<String> near = NearMatches.of(id, served);
      return Optional.of(
          new Diagnosis(
              Diagnosis.Kind.MODEL_NOT_FOUND,
              "the run would send model \""
                  + id
                  + "\", which "
                  + modelsUrl
                  + " does not list (it lists: "
                  + listed(served)
                  + (near.isEmpty() ? "" : "; near match: " + near.get(0))
                  + ")"
                  + (answered
                      ? " yet answered: the server ignores the id and answers from its own model,"
                          + " so the run would not measure the model it names"
                      : "")
                  + ": set LLM_MODEL to "
                  + (near.isEmpty() ? "a listed id" : "\"" + near.get(0) + "\"")
                  + (experiment ? ", or -Dexperiment.models=ID[,ID] to listed ids" : "")
                  + " (ids are exact)"));
    }
    return Optional.empty();
  }

  /**
   * Whether the listing holds {@code id} in another spelling a server resolves (case, {@code _} vs
   * {@code -}, an {@code org/} prefix, Ollama's {@code :latest} tag): an id the server answered in
   * such a spelling is its listed model, not one it ignored.
   */
  static boolean listedAlike(String id, List<String> served) {
    String wanted = NearMatches.normalise(withoutLatestTag(id));
    return served.stream()
        .anyMatch(listed -> NearMatches.normalise(withoutLatestTag(listed)).equals(wanted));
  }

  private static String withoutLatestTag(String id) {
    return id.endsWith(":latest") ? id.substring(0, id.length() - ":latest".length()) : id;
  }

  private static String listed(List<String> served) {
    return String.join(", ", served.subList(0, Math.min(served.size(), MAX_LISTED)))
        + (served.size() > MAX_LISTED ? " (+" + (served.size() - MAX_LISTED) + " more)" : "");
  }
}
