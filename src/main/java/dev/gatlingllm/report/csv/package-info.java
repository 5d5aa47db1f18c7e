/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>requests.csv: its format, its background writer, its reader.
 */
package dev.gatlingllm.report.csv;
