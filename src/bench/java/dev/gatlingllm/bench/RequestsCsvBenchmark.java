package dev.gatlingllm.bench;

import dev.gatlingllm.metrics.request.RequestRow;
import dev.gatlingllm.report.csv.RequestsCsv;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One request's row of {@code requests.csv}, written (what the background writer does for every
 * finished request) and read back (what a merge does for every row of every run): one operation is
 * one row. The row is read from a line of the published format, so the same benchmark runs on any
 * version of the column table.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RequestsCsvBenchmark {
  /** A successful request with every figure of the published format set (34 columns). */
  static final String HEADER =
      "start_epoch_ms,level,request_name,status,error,ttft_ms,ttfb_ms,ttfo_ms,tpot_ms,e2el_ms,"
          + "itl_mean_ms,itl_p50_ms,itl_max_ms,token_events,input_tokens,output_tokens,"
          + "output_token_source,send_lateness_ms,good,in_window,http_status,input_token_source,"
          + "server_output_tokens,client_output_tokens,ttft_from_scheduled_ms,duration_ms,"
          + "window_tokens,request_id,retry_after_s,server_decode_ms,finish_reason,max_tokens,"
          + "server_reasoning_tokens,server_prefill_ms";

  static final String LINE =
      "1700000000001,3,chat,OK,,48.031,12.502,48.031,20.004,2600.005,19.006,18.007,40.008,128,1024,"
          + "128,SERVER_USAGE,0.309,true,true,200,SERVER_USAGE,128,127,48.340,2601.011,3:120;4:8,"
          + "chatcmpl-7f3a9c,-1,2500.012,length,128,-1,30.013";

  RequestRow row;
  RequestsCsv.Reader reader;

  @Setup
  public void setUp() {
    reader = new RequestsCsv.Reader(HEADER);
    row = reader.parse(LINE);
  }

  @Benchmark
  public String writeRow() {
    return RequestsCsv.row(row);
  }

  @Benchmark
  public RequestRow readRow() {
    return reader.parse(LINE);
  }
}
