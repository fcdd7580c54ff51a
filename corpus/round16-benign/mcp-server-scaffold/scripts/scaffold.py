#!/usr/bin/env python3
import argparse
import json
from pathlib import Path

TS_INDEX = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "%s", version: "0.1.0" });
server.tool("echo", { text: z.string() }, async ({ text }) => ({ content: [{ type: "text", text }] }));
await server.connect(new StdioServerTransport());
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("--lang", choices=["ts", "py"], default="ts")
    a = ap.parse_args()
    root = Path(a.name)
    (root / "src").mkdir(parents=True, exist_ok=False)
    (root / "src" / "index.ts").write_text(TS_INDEX % a.name)
    (root / "package.json").write_text(json.dumps({"name": a.name, "type": "module", "version": "0.1.0",
        "scripts": {"build": "tsc", "test": "vitest run"},
        "dependencies": {"@modelcontextprotocol/sdk": "^1.12.0", "zod": "^3.23.0"}}, indent=2))
    (root / "README.md").write_text(f"# {a.name}\n\nAn MCP server.\n")
    snippet = {"mcpServers": {a.name: {"command": "node", "args": [str((root / "dist" / "index.js").resolve())]}}}
    print("Created", root)
    print("Add this to your MCP client configuration when you are ready:")
    print(json.dumps(snippet, indent=2))


if __name__ == "__main__":
    main()
