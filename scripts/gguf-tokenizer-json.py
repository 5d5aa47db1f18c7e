#!/usr/bin/env python3
"""Writes a Hugging Face tokenizer.json from the vocabulary inside a GGUF model file.

    python3 scripts/gguf-tokenizer-json.py models/stories260K.gguf models/stories260K.tokenizer.json

For models whose GGUF vocabulary is SentencePiece BPE (tokenizer.ggml.model = "llama": Llama 1/2, Mistral 7B v0.1,
TinyLlama, llama2.c checkpoints), the layout Hugging Face's own LlamaConverter writes: the pieces as a BPE vocabulary
with byte fallback, merges ordered by the merged piece's score (llama.cpp merges the adjacent pair whose result scores
highest), a space prefix and spaces as U+2581. Nothing beyond the standard library: a model whose Hugging Face
repository has a tokenizer.json needs no conversion, use that file.
"""
import json
import struct
import sys

SPACE = "\u2581"
SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
# llama.cpp's token types: 1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused, 6 byte.
UNKNOWN, CONTROL, USER_DEFINED = 2, 3, 4


def read_metadata(path):
    """The key-value header of a GGUF file (versions 2 and 3); tensors are not read."""
    with open(path, "rb") as f:
        def read(fmt):
            size = struct.calcsize("<" + fmt)
            return struct.unpack("<" + fmt, f.read(size))[0]

        def string():
            return f.read(read("Q")).decode("utf-8")

        def value(kind):
            if kind in SCALARS:
                return read(SCALARS[kind])
            if kind == 8:
                return string()
            if kind == 9:
                element, count = read("I"), read("Q")
                return [value(element) for _ in range(count)]
            raise ValueError("unknown GGUF value type %d" % kind)

        if f.read(4) != b"GGUF":
            raise ValueError(path + " is not a GGUF file")
        version = read("I")
        if version < 2:
            raise ValueError("GGUF version %d is too old (2 and later are read)" % version)
        read("Q")  # tensor count
        return {string(): value(read("I")) for _ in range(read("Q"))}


def merges(tokens, scores, types):
    """Every split of a normal piece into two pieces of the vocabulary, best-scoring result first."""
    ids = {piece: i for i, piece in enumerate(tokens) if types[i] not in (CONTROL, USER_DEFINED)}
    found = []
    for i, piece in enumerate(tokens):
        if types[i] != 1 or len(piece) < 2:
            continue
        splits = [(piece[:k], piece[k:]) for k in range(1, len(piece)) if piece[:k] in ids and piece[k:] in ids]
        splits.sort(key=lambda split: (ids[split[0]], ids[split[1]]))
        found.extend((scores[i], left, right) for left, right in splits)
    # Stable: equal scores keep the order of their pieces and splits.
    found.sort(key=lambda merge: -merge[0])
    return [left + " " + right for _, left, right in found]


def tokenizer_json(meta):
    model = meta.get("tokenizer.ggml.model")
    if model != "llama":
        raise ValueError("tokenizer.ggml.model is %r: only SentencePiece BPE vocabularies ('llama') are converted"
                         % model)
    tokens = meta["tokenizer.ggml.tokens"]
    scores = meta.get("tokenizer.ggml.scores", [-float(i) for i in range(len(tokens))])
    types = meta.get("tokenizer.ggml.token_type", [1] * len(tokens))
    unk = tokens[meta.get("tokenizer.ggml.unknown_token_id", 0)]
    bos_id = meta.get("tokenizer.ggml.bos_token_id", 1)
    add_space_prefix = meta.get("tokenizer.ggml.add_space_prefix", True)
    added = [{"id": i, "content": piece, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": types[i] != USER_DEFINED}
             for i, piece in enumerate(tokens) if types[i] in (UNKNOWN, CONTROL, USER_DEFINED)]
    normalizers = ([{"type": "Prepend", "prepend": SPACE}] if add_space_prefix else []) + [
        {"type": "Replace", "pattern": {"String": " "}, "content": SPACE}]
    bos = tokens[bos_id]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": "Sequence", "normalizers": normalizers},
        "pre_tokenizer": None,
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": bos, "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": bos, "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": bos, "type_id": 1}}, {"Sequence": {"id": "B", "type_id": 1}}],
            "special_tokens": {bos: {"id": bos, "ids": [bos_id], "tokens": [bos]}},
        },
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": SPACE}, "content": " "},
            {"type": "ByteFallback"},
            {"type": "Fuse"},
        ] + ([{"type": "Strip", "content": " ", "start": 1, "stop": 0}] if add_space_prefix else [])},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": unk,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": True,
            "byte_fallback": True,
            "vocab": {piece: i for i, piece in enumerate(tokens)},
            "merges": merges(tokens, scores, types),
        },
    }


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gguf-tokenizer-json.py MODEL.gguf OUT/tokenizer.json")
    try:
        tokenizer = tokenizer_json(read_metadata(sys.argv[1]))
    except (OSError, ValueError, KeyError) as e:
        sys.exit("%s: %s" % (sys.argv[1], e))
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump(tokenizer, out, ensure_ascii=False, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
