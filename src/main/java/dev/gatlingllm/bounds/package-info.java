/**
 * Internal: no compatibility promise; use {@code dev.gatlingllm.dsl}.
 *
 * <p>The one way in for numbers from outside (a property, a file's field, a header): each one's
 * stated range ({@link dev.gatlingllm.bounds.Bound}), read and checked in one way that names where
 * the number came from; and the bounded reading of a user's text file ({@link
 * dev.gatlingllm.bounds.BoundedText}).
 */
package dev.gatlingllm.bounds;
