package dev.gatlingllm.twin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A sweep run's files written by hand, for the fit and the check to read. */
final class SweepRunFiles {
  private SweepRunFiles() {}

  /** requests.csv's header, as a run writes it. */
  static final String HEADER =
      "start_epoch_ms,level,request_name,status,error,ttft_ms,ttfb_ms,ttfo_ms,tpot_ms,e2el_ms,itl_mean_ms,itl_p50_ms,itl_max_ms,token_events,input_tokens,output_tokens,output_token_source,send_lateness_ms,good,in_window,http_status,input_token_source,server_output_tokens,client_output_tokens,ttft_from_scheduled_ms,duration_ms,window_tokens,request_id,retry_after_s,server_decode_ms,finish_reason,max_tokens,server_reasoning_tokens,server_prefill_ms,answer_events,repeat,schema_valid,images,image_bytes,inputs,session_id,turn,audio_clips,audio_bytes,audio_ms";

  /**
   * A run of one level of 2 streams measured from its first send (10 requests a second, the rows'
   * count completed, none failed) in {@code run}/llm.
   *
   * @param inputLen the prompt length the client asked for
   */
  static void writeLevel(Path run, int inputLen, String... rows) throws IOException {
    Path llm = Files.createDirectories(run.resolve("llm"));
    Files.writeString(
        llm.resolve("summary.json"),
        "{\"input_len\":"
            + inputLen
            + ",\"levels\":[{\"index\":0,\"concurrency\":2,\"request_throughput\":10,"
            + "\"completed\":"
            + rows.length
            + ",\"failed\":0,\"start_epoch_ms\":1000,\"measure_from_epoch_ms\":1000}]}");
    Files.writeString(llm.resolve("requests.csv"), HEADER + "\n" + String.join("\n", rows));
  }

  /** A successful request's row: 10 ms TTFT, 1 ms a token after it. */
  static String row(long start, int inputTokens, int outputTokens) {
    return row(start, inputTokens, outputTokens, 1);
  }

  /** A successful request's row: 10 ms TTFT, {@code tpot} ms a token after it. */
  static String row(long start, int inputTokens, int outputTokens, double tpot) {
    return start
        + ",0,chat,OK,,10,5,10,"
        + tpot
        + ","
        + (10 + (outputTokens - 1) * tpot)
        + ",1,1,1,"
        + outputTokens
        + ","
        + inputTokens
        + ","
        + outputTokens
        + ",SERVER_USAGE,0,true,true,200,SERVER_USAGE,"
        + outputTokens
        + ",-1,10,"
        + (10 + outputTokens - 1)
        + ",,,-1,-1,length,"
        + outputTokens
        + ",-1,-1,"
        + outputTokens
        + ",0,,0,0,0,,0,0,0,0";
  }
}
