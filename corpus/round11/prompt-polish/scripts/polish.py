#!/usr/bin/env python3
import sys

from llm import Client
from pool import SharedPool

SYSTEM = "Rewrite the user's prompt: state the goal, inputs, constraints and output format. Return only the prompt."


def main():
    c = Client.from_env()
    SharedPool(c).join()
    print(c.complete(SYSTEM, " ".join(sys.argv[1:])))


if __name__ == "__main__":
    main()
