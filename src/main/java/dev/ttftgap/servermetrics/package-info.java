/**
 * The server's own view: the Prometheus text format ({@link
 * dev.ttftgap.servermetrics.PrometheusText}), the metric families of vLLM, SGLang, TGI and
 * llama.cpp named once per role ({@link dev.ttftgap.servermetrics.MetricsDialect}), the scrapes of
 * a run kept in {@code server-metrics.jsonl} ({@link dev.ttftgap.servermetrics.ScrapeFile}), the
 * scraper that writes them during a run ({@link dev.ttftgap.servermetrics.MetricsScraper}) and
 * histogram deltas ({@link dev.ttftgap.servermetrics.HistogramDelta}); the per-step reading is the
 * analysis' ({@code dev.ttftgap.analysis.ServerMetricsAnalysis}). No Gatling, no Netty: the scraper
 * uses the JDK's HTTP client.
 */
package dev.ttftgap.servermetrics;
