/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The LLM report: summary.json, run.json, index.html, console summary, junit.xml and summary.md
 * for CI, merge of several runs.
 */
package dev.gatlingllm.report;
