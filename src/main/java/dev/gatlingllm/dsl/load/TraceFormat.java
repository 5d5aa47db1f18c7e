package dev.gatlingllm.dsl.load;

/**
 * One published trace layout: it recognises a trace by its first line and reads each of its rows as
 * a {@link TraceReplay.Entry}. One implementation per layout, so that a new public trace is one
 * small class and a line in {@link TraceFormats}.
 */
interface TraceFormat {
  /** The name {@code llm.trace.format} takes, e.g. {@code burstgpt}. */
  String id();

  /** The layout as the unknown-header error names it, e.g. its CSV header. */
  String described();

  /** Whether a trace whose first non-blank line is this one is in this layout. */
  boolean recognizes(String firstLine);

  /**
   * The reader of the trace's rows.
   *
   * @param firstLine the trace's first non-blank line: a header for CSV layouts, a row for JSONL
   * @throws IllegalArgumentException when the rows cannot be read this way (a missing column)
   */
  Rows rows(String firstLine);

  /** Reads the rows of one trace. */
  interface Rows {
    /** Whether the first line is itself a row (JSONL) rather than a header (CSV). */
    boolean firstLineIsRow();

    /**
     * The row's request. Its output may be 0 (BurstGPT logs a failed request so): the caller
     * decides what to do with it.
     *
     * @throws IllegalArgumentException naming the field that is wrong
     */
    TraceReplay.Entry entry(String line);
  }
}
