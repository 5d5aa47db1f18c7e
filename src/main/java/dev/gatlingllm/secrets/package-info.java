/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The one redaction of secrets in anything a log or report may show, in every encoding a server
 * may echo them in.
 */
package dev.gatlingllm.secrets;
