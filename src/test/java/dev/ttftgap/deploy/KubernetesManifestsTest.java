package dev.ttftgap.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ttftgap.config.RunPart;
import dev.ttftgap.config.Settings;
import dev.ttftgap.profile.LoadProfiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kubernetes manifests in {@code src/deploy/kubernetes/} cannot rot unnoticed: their Jobs run
 * goals the pom has, with {@code -D} properties and environment variables ttft-gap reads, at values
 * it accepts; the Indexed Job's size agrees with {@code INJECTOR_COUNT}; every pod index maps to
 * its part; the merge reads where the injectors write.
 */
class KubernetesManifestsTest {
  private static final Path DIR = Path.of("src/deploy/kubernetes");

  /** Variables ttft-gap itself reads (Settings, RunPart); any other must be used by the command. */
  private static final Set<String> PROJECT_VARIABLES =
      Set.of(
          "LLM_BASE_URL",
          "LLM_MODEL",
          "LLM_API_KEY",
          "INJECTOR",
          "INJECTOR_COUNT",
          "RUN_ID",
          "RUN_START_AT",
          "RUN_START_TOLERANCE_SECONDS");

  /** Maven goals the Jobs may run, each from a plugin the pom declares. */
  private static final Map<String, String> GOALS =
      Map.of("gatling:test", "gatling-maven-plugin", "exec:java", "exec-maven-plugin");

  private static final Pattern PROPERTY = Pattern.compile("-D([A-Za-z0-9_.]+)=(\"[^\"]*\"|\\S+)");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{?([A-Z_][A-Z0-9_]*)\\}?");

  private static List<Map<String, Object>> documents;
  private static Map<String, String> runConfig;

  @BeforeAll
  static void load() throws IOException {
    documents = new ArrayList<>();
    try (Stream<Path> files = Files.list(DIR)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        try (Reader reader = Files.newBufferedReader(file)) {
          for (Object document : new Yaml().loadAll(reader)) {
            documents.add(map(document));
          }
        }
      }
    }
    runConfig = strings(map(only("ConfigMap", "ttft-gap-run").get("data")));
  }

  @Test
  void theManifestsAreTheJobsTheGuideApplies() {
    assertThat(documents.stream().map(d -> d.get("kind") + "/" + name(d)).toList())
        .as("the documents of src/deploy/kubernetes")
        .containsExactlyInAnyOrder(
            "Job/ttft-gap-injectors",
            "Job/ttft-gap-merge",
            "PersistentVolumeClaim/ttft-gap-results",
            "ConfigMap/ttft-gap-run");
    String guide = read(DIR.resolve("README.md"));
    for (Map<String, Object> document : documents) {
      assertThat(guide).as("the guide names %s", name(document)).contains(name(document));
    }
  }

  @Test
  void theIndexedJobHasOnePodPerInjector() {
    Map<String, Object> spec = map(only("Job", "ttft-gap-injectors").get("spec"));
    Map<String, String> env = literalEnv(container(only("Job", "ttft-gap-injectors")));

    assertThat(spec.get("completionMode")).as("pods get JOB_COMPLETION_INDEX").isEqualTo("Indexed");
    assertThat(spec.get("parallelism"))
        .as("every injector runs at once")
        .isEqualTo(spec.get("completions"));
    assertThat(env.get("INJECTOR_COUNT"))
        .as("INJECTOR_COUNT equals the Job's completions")
        .isEqualTo(String.valueOf(spec.get("completions")));
  }

  @Test
  void everyPodIndexRunsItsOwnPartOfTheSameRun() {
    Map<String, Object> job = only("Job", "ttft-gap-injectors");
    int count = (Integer) map(job.get("spec")).get("completions");
    Map<String, String> env = resolvedEnv(container(job));
    Instant beforeStart = Instant.parse(runConfig.get("RUN_START_AT")).minusSeconds(60);
    Properties props = properties(container(job), env);

    Set<String> parts = new LinkedHashSet<>();
    for (int index = 0; index < count; index++) {
      Map<String, String> pod = new HashMap<>(env);
      pod.put("JOB_COMPLETION_INDEX", String.valueOf(index));
      Settings settings = Settings.load(pod, props);
      RunPart part = RunPart.load(pod, props, settings.profile(), beforeStart, "pod-" + index);
      assertThat(settings.baseUrl()).as("pod %d loads the configured server", index).isPresent();
      assertThat(part.runId()).as("pod %d's run id", index).isEqualTo(runConfig.get("RUN_ID"));
      assertThat(part.startAt().map(Instant::toString))
          .as("pod %d's start", index)
          .contains(runConfig.get("RUN_START_AT"));
      parts.add(part.label());
    }
    assertThat(parts)
        .as("pod i runs part i+1 of N, each part once")
        .containsExactly(
            java.util.stream.IntStream.rangeClosed(1, count)
                .mapToObj(i -> i + "/" + count)
                .toArray(String[]::new));
  }

  @Test
  void everyCommandRunsAGoalOfThePomWithPropertiesTtftGapAccepts() throws Exception {
    String pom = read(Path.of("pom.xml"));
    for (String jobName : List.of("ttft-gap-injectors", "ttft-gap-merge")) {
      Map<String, Object> container = container(only("Job", jobName));
      String command = command(container);
      List<String> goals = GOALS.keySet().stream().filter(command::contains).toList();
      assertThat(goals).as("%s runs one Maven goal: %s", jobName, command).hasSize(1);
      assertThat(pom)
          .as("the pom has the plugin of %s", goals.get(0))
          .contains("<artifactId>" + GOALS.get(goals.get(0)) + "</artifactId>");
      Map<String, String> env = resolvedEnv(container);
      for (Map.Entry<Object, Object> property : properties(container, env).entrySet()) {
        String name = (String) property.getKey();
        String value = (String) property.getValue();
        switch (name) {
          case "profile" ->
              assertThat(LoadProfiles.load(value, Path.of("simulations")).name())
                  .as("%s: -Dprofile=%s is a shipped profile", jobName, value)
                  .isEqualTo(value);
          case "exec.mainClass" ->
              assertThat(Class.forName(value).getMethod("main", String[].class))
                  .as("%s: -Dexec.mainClass=%s has a main method", jobName, value)
                  .isNotNull();
          case "exec.args" ->
              assertThat(value)
                  .as("%s: the merge reads the run's folder on the shared volume", jobName)
                  .isEqualTo("/results/" + runConfig.get("RUN_ID"));
          default -> throw new AssertionError(jobName + ": -D" + name + " is not a known setting");
        }
      }
      for (String variable : variables(command)) {
        assertThat(env.containsKey(variable) || variable.equals("JOB_COMPLETION_INDEX"))
            .as("%s: $%s is set in the container", jobName, variable)
            .isTrue();
      }
      for (String variable : env.keySet()) {
        assertThat(PROJECT_VARIABLES.contains(variable) || variables(command).contains(variable))
            .as("%s: %s is read by ttft-gap or by the command", jobName, variable)
            .isTrue();
      }
    }
  }

  @Test
  void theInjectorsGatlingJvmRunsALowPauseCollectorWithAHeapThatFitsThePod() {
    String jvmArgs = PomGatlingJvmArgs.read();
    assertThat(jvmArgs).as("the pom gives gatling:test its JVM options").isNotNull();
    assertThat(jvmArgs)
        .as("gatling:test runs ZGC, not the serial collector a 1-2 CPU pod would get")
        .contains("<jvmArg>-XX:+UseZGC</jvmArg>");
    Matcher heap = Pattern.compile("<jvmArg>-Xmx(\\d+)g</jvmArg>").matcher(jvmArgs);
    assertThat(heap.find()).as("gatling:test sets its heap in GiB (-XmxNg)").isTrue();
    Map<String, Object> injector = container(only("Job", "ttft-gap-injectors"));
    assertThat(command(injector)).as("the injectors run gatling:test").contains("gatling:test");
    Map<String, Object> resources = map(injector.get("resources"));
    String limit = String.valueOf(map(resources.get("limits")).get("memory"));
    assertThat(limit).as("the injector's memory limit is in GiB").matches("\\d+Gi");
    int limitGib = Integer.parseInt(limit.replace("Gi", ""));
    assertThat(limitGib - Integer.parseInt(heap.group(1)))
        .as("the pod's memory limit leaves at least 1 GiB beside the heap (Maven, direct buffers)")
        .isGreaterThanOrEqualTo(1);
  }

  @Test
  void theMergeReadsWhereTheInjectorsWriteOnTheSharedVolume() {
    String injectors = command(container(only("Job", "ttft-gap-injectors")));
    assertThat(injectors)
        .as("each part's run folder goes under /results/$RUN_ID")
        .contains("cp -r reports/. \"/results/$RUN_ID/part-$JOB_COMPLETION_INDEX/\"");
    for (String jobName : List.of("ttft-gap-injectors", "ttft-gap-merge")) {
      Map<String, Object> job = only("Job", jobName);
      Map<String, Object> pod = map(map(map(job.get("spec")).get("template")).get("spec"));
      Map<String, Object> volume = map(list(pod.get("volumes")).get(0));
      assertThat(map(volume.get("persistentVolumeClaim")).get("claimName"))
          .as("%s mounts the claim the manifests declare", jobName)
          .isEqualTo("ttft-gap-results");
      assertThat(map(list(container(job).get("volumeMounts")).get(0)).get("mountPath"))
          .as("%s mounts it at /results", jobName)
          .isEqualTo("/results");
      assertThat(container(job).get("workingDir"))
          .as("%s runs in the image's project folder", jobName)
          .isEqualTo("/app");
    }
    assertThat(read(DIR.resolve("Dockerfile")))
        .as("a Java 17 + Maven image with the project in /app")
        .contains("FROM maven:")
        .contains("temurin-17")
        .contains("WORKDIR /app");
  }

  // ---- reading the manifests

  private static Map<String, Object> only(String kind, String name) {
    List<Map<String, Object>> found =
        documents.stream().filter(d -> kind.equals(d.get("kind")) && name.equals(name(d))).toList();
    assertThat(found).as("one %s %s", kind, name).hasSize(1);
    return found.get(0);
  }

  private static String name(Map<String, Object> document) {
    return (String) map(document.get("metadata")).get("name");
  }

  private static Map<String, Object> container(Map<String, Object> job) {
    Map<String, Object> pod = map(map(map(job.get("spec")).get("template")).get("spec"));
    List<Object> containers = list(pod.get("containers"));
    assertThat(containers).as("%s has one container", name(job)).hasSize(1);
    return map(containers.get(0));
  }

  private static String command(Map<String, Object> container) {
    List<String> words = new ArrayList<>();
    list(container.get("command")).forEach(w -> words.add(String.valueOf(w)));
    list(container.get("args")).forEach(w -> words.add(String.valueOf(w)));
    return String.join(" ", words);
  }

  /** The container's variables with literal values only (no references). */
  private static Map<String, String> literalEnv(Map<String, Object> container) {
    Map<String, String> env = new LinkedHashMap<>();
    for (Object item : list(container.get("env"))) {
      Map<String, Object> variable = map(item);
      if (variable.containsKey("value")) {
        env.put((String) variable.get("name"), String.valueOf(variable.get("value")));
      }
    }
    return env;
  }

  /** Every variable, references to the run's ConfigMap resolved; an optional secret as a dummy. */
  private static Map<String, String> resolvedEnv(Map<String, Object> container) {
    Map<String, String> env = new LinkedHashMap<>();
    for (Object item : list(container.get("env"))) {
      Map<String, Object> variable = map(item);
      String name = (String) variable.get("name");
      if (variable.containsKey("value")) {
        env.put(name, String.valueOf(variable.get("value")));
        continue;
      }
      Map<String, Object> from = map(variable.get("valueFrom"));
      if (from.containsKey("configMapKeyRef")) {
        Map<String, Object> ref = map(from.get("configMapKeyRef"));
        assertThat(ref.get("name"))
            .as("%s from the run's ConfigMap", name)
            .isEqualTo("ttft-gap-run");
        assertThat(runConfig)
            .as("the ConfigMap has %s", ref.get("key"))
            .containsKey((String) ref.get("key"));
        env.put(name, runConfig.get((String) ref.get("key")));
      } else {
        Map<String, Object> ref = map(from.get("secretKeyRef"));
        assertThat(ref.get("optional"))
            .as("%s from a Secret the cluster may not have: optional", name)
            .isEqualTo(true);
        env.put(name, "sk-test-0123456789abcdef");
      }
    }
    return env;
  }

  /** The command's {@code -D} properties, shell variables expanded from {@code env}. */
  private static Properties properties(Map<String, Object> container, Map<String, String> env) {
    Properties props = new Properties();
    Matcher m = PROPERTY.matcher(command(container));
    while (m.find()) {
      String value = m.group(2).replaceAll(";$", "").replace("\"", "");
      Matcher variable = VARIABLE.matcher(value);
      StringBuilder expanded = new StringBuilder();
      while (variable.find()) {
        variable.appendReplacement(
            expanded, Matcher.quoteReplacement(env.getOrDefault(variable.group(1), "")));
      }
      variable.appendTail(expanded);
      props.setProperty(m.group(1), expanded.toString());
    }
    return props;
  }

  private static Set<String> variables(String command) {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = VARIABLE.matcher(command);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value == null ? Map.of() : (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object value) {
    return value == null ? List.of() : (List<Object>) value;
  }

  private static Map<String, String> strings(Map<String, Object> values) {
    Map<String, String> result = new LinkedHashMap<>();
    values.forEach((k, v) -> result.put(k, String.valueOf(v)));
    return result;
  }
}
