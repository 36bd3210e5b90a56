#!/usr/bin/env python3
"""Writes chat.jsonl: 300 synthetic chat conversations for ttft-gap's dataset replay.

Written for this project (nothing copied from a public dataset): questions and answers are built
from the templates below with a fixed seed, so the file is reproducible byte for byte:

    python3 simulations/datasets/generate_chat.py            # seed 20261201, 300 conversations
    python3 simulations/datasets/generate_chat.py --seed 7 --count 50 --out /tmp/other.jsonl

Shape of the traffic: 1 to 4 user turns per conversation (about half single-turn), a system
message in a third of them, user messages from a short question to a question with a few hundred
tokens of pasted context (long right tail), assistant answers of 1 to 12 sentences, and a
max_tokens on a quarter of the rows. Rows alternate between the two formats ttft-gap reads:
OpenAI "messages" (two thirds) and ShareGPT "conversations" (one third).
"""
import argparse
import json
import random

TOPICS = [
    ("a Python list", "sort it by a key"), ("a SQL table", "find duplicate rows"),
    ("a Kubernetes pod", "see why it restarts"), ("a Git branch", "undo the last commit"),
    ("a REST API", "add pagination"), ("a CSV file", "read it without loading it all"),
    ("a Java stream", "group elements by a field"), ("a bash script", "stop on the first error"),
    ("a React component", "avoid re-rendering"), ("a Postgres index", "tell whether it is used"),
    ("a Docker image", "make it smaller"), ("a load test", "pick the arrival rate"),
    ("an LLM endpoint", "measure time to first token"), ("a JSON document", "validate it"),
    ("a cron job", "run it every five minutes"), ("a TLS certificate", "check when it expires"),
    ("a Go channel", "close it safely"), ("a Rust vector", "remove items while iterating"),
    ("a Terraform module", "pass outputs between modules"), ("an HTTP cache", "invalidate it"),
]
ASKS = [
    "How do I {task} with {thing}?", "What is the simplest way to {task} for {thing}?",
    "Can you show me how to {task}? I am working with {thing}.",
    "I need to {task}. The data is {thing}. What would you do?",
    "Why does my attempt to {task} fail on {thing}?",
]
FOLLOW_UPS = [
    "Can you make it shorter?", "What if the input is very large?", "Is there a faster way?",
    "How would I test that?", "Can you explain the second step again?",
    "What are the common mistakes here?", "Does this work on older versions too?",
    "Thanks. And how do I do the same in a script that runs every night?",
]
SYSTEMS = [
    "You are a concise assistant for software engineers. Answer with short code where useful.",
    "You are a helpful assistant. Explain step by step and keep answers under ten sentences.",
    "You answer questions about operating web services in production. Be precise.",
]
WORDS = (
    "the request queue latency token cache server client batch model prompt stream header "
    "connection buffer thread memory disk network error retry timeout index query table row "
    "column file process container node cluster deploy build test metric log trace span user "
    "session key value config option default limit rate step window percentile median mean"
).split()
CONTEXT_LINES = [
    "Here is what I have so far:", "This is the error I get:", "My configuration looks like this:",
    "The logs from the last run say:",
]


def sentence(rng, lo=6, hi=18):
    words = [rng.choice(WORDS) for _ in range(rng.randint(lo, hi))]
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def pasted_context(rng):
    # long right tail: most questions carry no context, a few carry hundreds of tokens
    lines = int(rng.lognormvariate(1.5, 1.0)) if rng.random() < 0.45 else 0
    if lines == 0:
        return ""
    body = "\n".join(sentence(rng, 8, 20) for _ in range(min(lines, 40)))
    return "\n\n" + rng.choice(CONTEXT_LINES) + "\n" + body


def answer(rng):
    return " ".join(sentence(rng) for _ in range(rng.randint(1, 12)))


def conversation(rng):
    thing, task = rng.choice(TOPICS)
    turns = rng.choice([1, 1, 1, 1, 2, 2, 3, 4])
    messages = []
    if rng.random() < 0.33:
        messages.append(("system", rng.choice(SYSTEMS)))
    messages.append(("user", rng.choice(ASKS).format(task=task, thing=thing) + pasted_context(rng)))
    for _ in range(turns - 1):
        messages.append(("assistant", answer(rng)))
        messages.append(("user", rng.choice(FOLLOW_UPS) + pasted_context(rng)))
    messages.append(("assistant", answer(rng)))
    return messages


def row(rng, index, messages):
    if index % 3 == 2:
        names = {"system": "system", "user": "human", "assistant": "gpt"}
        data = {"conversations": [{"from": names[r], "value": t} for r, t in messages]}
    else:
        data = {"messages": [{"role": r, "content": t} for r, t in messages]}
    if rng.random() < 0.25:
        data["max_tokens"] = rng.choice([32, 64, 128, 256])
    return json.dumps(data, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--out", default="simulations/datasets/chat.jsonl")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        for index in range(args.count):
            out.write(row(rng, index, conversation(rng)) + "\n")


if __name__ == "__main__":
    main()
