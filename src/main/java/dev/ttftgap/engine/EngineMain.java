package dev.ttftgap.engine;

import dev.ttftgap.config.EngineTlsSettings;
import dev.ttftgap.config.SettingsException;
import dev.ttftgap.config.SettingsSource;
import dev.ttftgap.servermetrics.MetricsDialect;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the engine standalone until interrupted:
 *
 * <pre>mvn -q exec:java -Dexec.args="--port 8000 --profile qwen3-8b-like"</pre>
 *
 * <p>The short form {@code PORT [PROFILE]} works too. Options (all optional): {@code --host}
 * (127.0.0.1), {@code --port} (8000), {@code --profile} (default model, qwen3-8b-like), {@code
 * --profiles FILE} (serve the profiles of a JSON file instead of the built-in ones), {@code
 * --header-mode at-accept|with-first-token|buffered}, {@code --metrics-dialect
 * vllm|sglang|tgi|llamacpp} ({@code /metrics} names, default vllm), {@code --api-key-env NAME}
 * (require {@code Authorization: Bearer} with the key held by environment variable NAME; the key
 * itself is never an argument), {@code --keep-alive-ms N}, {@code --trace FILE}, {@code --threads
 * N}, {@code --http-workers N} (0 = no worker pool), {@code --idle-hold-ms N} (5000), {@code
 * --keep-alive-max N} (100), {@code --on-disconnect abort|run-on}, {@code --help}.
 *
 * <p>TLS and HTTP/2 come from the settings ({@code -Dengine.tls=self-signed}, {@code
 * -Dengine.tlsCert}/{@code -Dengine.tlsKey}, {@code -Dengine.tlsCertOut}, {@code -Dengine.http2=on}
 * or their ENGINE_TLS... variables; {@link EngineTlsSettings}), so the embedded and the standalone
 * engine read them alike; the banner names the certificate file to trust.
 *
 * <p>A llama.cpp-like server (4 slots, 6 HTTP workers, abandoned work runs on, llama.cpp's metric
 * names): {@code --profile llamacpp-cpu-like --http-workers 6 --on-disconnect run-on
 * --metrics-dialect llamacpp}.
 */
public final class EngineMain {
  private EngineMain() {}

  public static void main(String[] args) throws InterruptedException {
    EngineConfig config;
    EmbeddedEngine engine;
    try {
      config = parse(args, System.out, SettingsSource.current());
      if (config == null) {
        return;
      }
      engine = EmbeddedEngine.start(config);
    } catch (IllegalArgumentException | SettingsException e) {
      System.err.println("engine: " + e.getMessage() + " (try --help)");
      System.exit(2);
      return;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  engine.close();
                  stopped.countDown();
                },
                "engine-shutdown"));
    ModelProfile defaultProfile =
        config.profiles().stream()
            .filter(p -> p.name().equals(config.defaultProfile()))
            .findFirst()
            .orElseThrow();
    System.out.printf(
        Locale.ROOT,
        "ttft-gap engine serving %s  model=%s (saturates at %.2f req/s%s)  models=[%s]"
            + "  header-mode=%s  http-workers=%s  on-disconnect=%s  api-key=%s%s%n",
        engine.baseUrl(),
        defaultProfile.name(),
        defaultProfile.saturationRatePerSecond(),
        longPromptCapacity(defaultProfile),
        ModelProfiles.names(config.profiles()),
        config.headerMode().name().toLowerCase(Locale.ROOT).replace('_', '-'),
        config.httpWorkers() == 0 ? "unbounded" : Integer.toString(config.httpWorkers()),
        config.disconnectPolicy().label(),
        config.apiKey() == null ? "off" : "required",
        tlsBanner(engine));
    System.out.flush();
    stopped.await();
  }

  /**
   * "; 1.85 req/s with 2000-token prompts: the KV cache holds 3 sequences" when the KV cache limits
   * such prompts below {@code max_num_seqs}, else empty.
   */
  static String longPromptCapacity(ModelProfile profile) {
    int prompt = 2000;
    int output = profile.defaultOutputTokens();
    if (prompt + output > profile.maxModelLen()
        || profile.concurrencyLimit(prompt, output) >= profile.maxNumSeqs()) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "; %.2f req/s with %d-token prompts: the KV cache holds %d sequences",
        profile.saturationRatePerSecond(prompt, output),
        prompt,
        profile.concurrencyLimit(prompt, output));
  }

  /** " tls=self-signed http2=on certificate=/tmp/x.pem", or empty for plain HTTP. */
  static String tlsBanner(EmbeddedEngine engine) {
    return engine
        .certificatePath()
        .map(
            path ->
                "  tls="
                    + engine.config().tls().label()
                    + " http2="
                    + (engine.config().http2() ? "on" : "off")
                    + " certificate="
                    + path.toAbsolutePath())
        .orElse("");
  }

  /** The config {@code args} describe (TLS from this JVM's settings), or null after the help. */
  static EngineConfig parse(String[] args, PrintStream out) {
    return parse(args, out, SettingsSource.current());
  }

  /**
   * The config {@code args} and the TLS settings of {@code settings} describe, or null after
   * printing the help.
   *
   * @throws SettingsException when a TLS setting is wrong
   */
  static EngineConfig parse(String[] args, PrintStream out, SettingsSource settings) {
    EngineConfig parsed = parseArguments(args, out);
    return parsed == null ? null : parsed.withTlsSettings(EngineTlsSettings.load(settings));
  }

  private static EngineConfig parseArguments(String[] args, PrintStream out) {
    EngineConfig config = EngineConfig.defaults().withPort(8000);
    String profile = null;
    int positional = 0;
    for (int i = 0; i < args.length; i++) {
      String option = args[i];
      if (option.equals("--help") || option.equals("-h")) {
        out.println(HELP);
        return null;
      }
      if (!option.startsWith("--")) {
        // short form "PORT [PROFILE]", as in the pom's comment
        if (positional == 0) {
          config = config.withPort(integer("PORT", option));
        } else if (positional == 1) {
          profile = option;
        } else {
          throw new IllegalArgumentException("unexpected argument " + option);
        }
        positional++;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      String value = args[++i];
      if (option.equals("--profile")) {
        profile = value;
      } else {
        config = withOption(config, option, value);
      }
    }
    return profile == null ? config : withDefaultProfile(config, profile);
  }

  /** {@code config} with the {@code --option value} pair applied (every option but --profile). */
  private static EngineConfig withOption(EngineConfig config, String option, String value) {
    return switch (option) {
      case "--host" -> config.withHost(value);
      case "--port" -> config.withPort(integer(option, value));
      case "--profiles" -> config.withProfiles(ModelProfile.load(Path.of(value)));
      case "--header-mode" -> config.withHeaderMode(HeaderMode.parse(value));
      case "--metrics-dialect" -> config.withMetricsDialect(MetricsDialect.parse(value));
      case "--api-key-env" -> config.withApiKey(apiKeyFromEnv(value));
      case "--keep-alive-ms" ->
          config.withKeepAliveInterval(Duration.ofMillis(integer(option, value)));
      case "--trace" -> config.withTraceFile(Path.of(value));
      case "--threads" -> config.withEventLoopThreads(integer(option, value));
      case "--http-workers" -> config.withHttpWorkers(atLeast(0, option, value));
      case "--idle-hold-ms" -> config.withIdleWorkerHoldMillis(atLeast(1, option, value));
      case "--keep-alive-max" -> config.withKeepAliveMaxRequests(atLeast(0, option, value));
      case "--on-disconnect" -> config.withDisconnectPolicy(DisconnectPolicy.parse(value));
      default -> throw new IllegalArgumentException("unknown option " + option);
    };
  }

  /**
   * The key in the environment variable {@code variable}, stripped. The one read outside
   * config.SettingsSource: the variable's name is this option's argument, not a declared setting.
   */
  private static String apiKeyFromEnv(String variable) {
    String key = System.getenv(variable);
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException(
          "--api-key-env " + variable + ": environment variable " + variable + " is not set");
    }
    return key.strip();
  }

  /** {@code config} serving {@code name} by default; an error when no profile has that name. */
  private static EngineConfig withDefaultProfile(EngineConfig config, String name) {
    List<ModelProfile> served = config.profiles();
    if (served.stream().noneMatch(p -> p.name().equals(name))
        && ModelProfile.builtIns().stream().noneMatch(p -> p.name().equals(name))) {
      throw new IllegalArgumentException(
          "--profile " + name + ": no such profile; available: " + ModelProfiles.names(served));
    }
    return config.withProfile(name);
  }

  private static int atLeast(int min, String option, String value) {
    int parsed = integer(option, value);
    if (parsed < min) {
      throw new IllegalArgumentException(option + " must be >= " + min + ", was " + parsed);
    }
    return parsed;
  }

  private static int integer(String option, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " must be an integer, was '" + value + "'");
    }
  }

  private static final String HELP =
      """
      ttft-gap simulated inference engine (OpenAI-compatible, streaming)

      mvn -q exec:java -Dexec.args="--port 8000 --profile qwen3-8b-like"

        --host H             interface to bind (default 127.0.0.1)
        --port N             TCP port, 0 = any free port (default 8000)
        --profile NAME       default model (default qwen3-8b-like); built-ins:
                             qwen3-8b-like, qwen3-8b-chat-like, qwen3-14b-like,
                             llamacpp-cpu-like, tiny-fast, stress
        --profiles FILE      serve the profiles of this JSON file instead of the built-ins
        --header-mode M      at-accept (default, vLLM/TGI), with-first-token (SGLang/Ollama),
                             buffered (a buffering proxy)
        --metrics-dialect D  /metrics family names: vllm (default), sglang, tgi, llamacpp
        --api-key-env NAME   require 'Authorization: Bearer <key>', key read from env var NAME
        --keep-alive-ms N    ': keep-alive' comment on streams idle for N ms (default off)
        --trace FILE         append one JSON line of ground truth per request
        --threads N          event-loop threads (default 1)
        --http-workers N     HTTP workers shared by all connections and endpoints, 0 = no
                             limit (default 0); beyond N, connections wait unread, with no
                             headers (llama.cpp's --threads-http: slots + 2)
        --idle-hold-ms N     with --http-workers: an idle kept-alive connection holds its
                             worker N ms, then is closed (default 5000, cpp-httplib's)
        --keep-alive-max N   with --http-workers: a connection is closed after N requests
                             (default 100, cpp-httplib's; 0 = no limit)
        --on-disconnect P    abort (default, vLLM) or run-on (llama.cpp: a request whose
                             client has gone still queues, runs and holds its worker)
        --help               this text

      TLS and HTTP/2 (system properties, or ENGINE_TLS... variables):
        -Dengine.tls=self-signed   HTTPS with a certificate made at start, written to
                                   -Dengine.tlsCertOut=FILE (default: a temporary file)
        -Dengine.tlsCert=FILE -Dengine.tlsKey=FILE   HTTPS with these PEM files
        -Dengine.http2=on          offer h2 by ALPN (then http/1.1); needs TLS

      Endpoints: POST /v1/chat/completions, GET /v1/models, GET /v1/engine/profiles,
      GET /metrics, GET /health. Details: docs/engine.md""";
}
