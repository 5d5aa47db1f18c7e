/**
 * Public API: the checks {@link dev.gatlingllm.dsl.LlmDsl} builds, on one answer ({@code
 * AnswerCheck}, {@code ValueCheck}) and on the run's figures ({@code LlmCheck}), and a check's
 * verdict.
 */
package dev.gatlingllm.check;
