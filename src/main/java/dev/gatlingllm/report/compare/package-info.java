/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>A run against a baseline: the figures of each level and of the run compared from both runs'
 * requests, each change judged by its threshold and a bootstrap interval (docs/metrics.md, "Against
 * a baseline").
 */
package dev.gatlingllm.report.compare;
