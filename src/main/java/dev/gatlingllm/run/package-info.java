/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The run's lifetime: its reporter, results folder, report output, shutdown hook, the watch on
 * the launching JVM, progress lines, and the scraper of the server's metrics page.
 */
package dev.gatlingllm.run;
