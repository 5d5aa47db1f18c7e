#!/usr/bin/env bash
# A real OpenAI-compatible streaming server from this repository alone: llama.cpp's llama-server built on CPU,
# serving the small model in models/, measured by the ready simulations.
#
#   scripts/real-server.sh build   # builds llama-server once (~10 min on 2 cores), prints the binary's path
#   scripts/real-server.sh serve   # runs it in the foreground on 127.0.0.1:${LLM_PORT:-8080} until Ctrl-C
#   scripts/real-server.sh         # the whole check: starts it, runs the concurrency sweep and the fixed-ratio
#                                  # simulation against it, then RealLlamaServerTest (token counts against the
#                                  # server's usage and /metrics, TTFT/TPOT against its timings), and stops it
#
# Environment: LLAMA_SERVER (an existing binary, skips the build), LLAMA_CACHE (default ~/.cache/llama-server),
# LLM_PORT (8080), LLM_LEVELS (1,2,4), MVN_ARGS (extra Maven options, e.g. -o).
set -euo pipefail
cd "$(dirname "$0")/.."

# llama.cpp as the npm package node-llama-cpp ships it (a git bundle of the source): pinned, so every build is
# the same server.
NODE_LLAMA_CPP_VERSION=3.21.1
CACHE=${LLAMA_CACHE:-$HOME/.cache/llama-server}
MODEL=models/stories260K.gguf
MODEL_SHA256=270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d
ALIAS=stories260K
PORT=${LLM_PORT:-8080}
LEVELS=${LLM_LEVELS:-1,2,4}

log() { echo "real-server: $*" >&2; }

# Prints the binary's path, building it into the cache only when no binary is there yet.
llama_server() {
  if [[ -n ${LLAMA_SERVER:-} ]]; then
    [[ -x $LLAMA_SERVER ]] || { log "LLAMA_SERVER=$LLAMA_SERVER is not an executable"; exit 1; }
    echo "$LLAMA_SERVER"
    return
  fi
  local bin=$CACHE/src/build/bin/llama-server
  if [[ -x $bin ]]; then echo "$bin"; return; fi
  log "building llama-server from node-llama-cpp@$NODE_LLAMA_CPP_VERSION into $CACHE (about 10 min on 2 cores)"
  command -v cmake >/dev/null && command -v g++ >/dev/null \
    || { apt-get update -qq && apt-get install -y -qq cmake g++ >/dev/null; }
  mkdir -p "$CACHE/npm"
  (cd "$CACHE/npm" && npm pack --silent "node-llama-cpp@$NODE_LLAMA_CPP_VERSION" >/dev/null \
    && tar xzf "node-llama-cpp-$NODE_LLAMA_CPP_VERSION.tgz")
  rm -rf "$CACHE/src"
  git clone -q "$CACHE/npm/package/llama/gitRelease.bundle" "$CACHE/src"
  # CPU only, no web UI, no TLS, static: one self-contained binary.
  cmake -S "$CACHE/src" -B "$CACHE/src/build" -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF >/dev/null
  cmake --build "$CACHE/src/build" --target llama-server -j"$(nproc)" >/dev/null
  echo "$bin"
}

check_model() {
  echo "$MODEL_SHA256  $MODEL" | sha256sum -c --quiet - || { log "$MODEL is not the shipped model"; exit 1; }
}

# 4 slots of 512 tokens (the model's training context), 2 threads, loopback only.
server_args() {
  echo -m "$MODEL" --host 127.0.0.1 --port "$PORT" -np 4 -c 2048 -t 2 --no-webui --metrics -a "$ALIAS"
}

wait_healthy() {
  local pid=$1
  for _ in $(seq 1 300); do
    kill -0 "$pid" 2>/dev/null || { log "llama-server exited:"; cat "$SERVER_LOG" >&2; exit 1; }
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/health" 2>/dev/null && return 0
    sleep 0.2
  done
  log "llama-server not healthy after 60 s"; exit 1
}

gatling() {
  local simulation=$1; shift
  log "gatling:test $simulation $*"
  # shellcheck disable=SC2086
  ./mvnw -q ${MVN_ARGS:-} gatling:test -Dgatling.simulationClass="dev.gatlingllm.simulations.$simulation" \
    -Dllm.baseUrl="http://127.0.0.1:$PORT" -Dllm.model="$ALIAS" -Dllm.tokenizer=server -Dllm.levels="$LEVELS" \
    -Dllm.warmupSeconds=10 "$@"
}

case ${1:-check} in
  build)
    llama_server
    ;;
  serve)
    check_model
    # shellcheck disable=SC2046
    exec "$(llama_server)" $(server_args)
    ;;
  check)
    check_model
    bin=$(llama_server)
    if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/health" 2>/dev/null; then
      log "port $PORT already serves something: set LLM_PORT"; exit 1
    fi
    SERVER_LOG=$(mktemp -t llama-server.XXXXXX.log)
    # shellcheck disable=SC2046
    "$bin" $(server_args) >"$SERVER_LOG" 2>&1 &
    server_pid=$!
    trap 'kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; rm -f "$SERVER_LOG"' EXIT
    wait_healthy "$server_pid"
    log "llama-server $bin serving $MODEL on 127.0.0.1:$PORT"
    # Prompts of exactly 256 tokens by the server's own tokenizer, 48 output tokens (the sweep's defaults).
    gatling ConcurrencySweepSimulation
    # A fixed 128:128 ratio, 5 s per level (the model's context is 512 tokens a slot).
    gatling FixedRatioSimulation -Dllm.ratio=128:128 -Dllm.levelDuration=5
    # The truth: the same server binary and model under a Gatling run whose every figure is checked against what
    # the server says it did.
    log "RealLlamaServerTest"
    # shellcheck disable=SC2086
    LLAMA_SERVER=$bin ./mvnw -q ${MVN_ARGS:-} test -Dtest=RealLlamaServerTest -Dsurefire.failIfNoSpecifiedTests=false \
      -Dreal.required=true
    log "done: the reports are under target/gatling/"
    ;;
  *)
    echo "usage: $0 [build|serve|check]" >&2; exit 2
    ;;
esac
