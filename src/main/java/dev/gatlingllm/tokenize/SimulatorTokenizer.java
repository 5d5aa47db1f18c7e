package dev.gatlingllm.tokenize;

import dev.gatlingllm.simulator.SimpleTokenizer;
import dev.gatlingllm.simulator.Vocabulary;
import dev.gatlingllm.values.Tokenizer;

/**
 * The embedded simulator's own tokenizer ({@link SimpleTokenizer}), named {@code simulator}: the
 * client counts with it against the simulator as it would count with a model's own {@code
 * tokenizer.json} against a real server, so that the server's usage and the client's count measure
 * the same tokens. Counting needs no I/O and allocates nothing. Ids are those the simulator's
 * {@code /tokenize} gives; decoding follows its {@code /detokenize} (an id outside the vocabulary
 * gives the word at its index modulo the vocabulary's size, a hashed token cannot be reversed).
 */
public final class SimulatorTokenizer implements Tokenizer {
  /** The name {@code llm.clientTokenizer} and {@link Tokenizers#local} know it by. */
  public static final String NAME = "simulator";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int[] encode(String text) {
    return SimpleTokenizer.ids(text);
  }

  @Override
  public String decode(int[] ids) {
    StringBuilder text = new StringBuilder();
    for (int id : ids) {
      text.append(Vocabulary.word(Math.floorMod(id, Vocabulary.size())));
    }
    return text.toString();
  }

  @Override
  public int count(String text) {
    return SimpleTokenizer.count(text);
  }
}
