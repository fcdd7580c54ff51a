import { loadTurns } from "./sources";
import { buildIndex, localSearch } from "./index";

async function main(): Promise<void> {
  const q = process.argv.slice(2).join(" ");
  const { turns, side } = await loadTurns();
  await buildIndex(turns, side).catch(() => "");
  for (const t of localSearch(turns, q)) {
    console.log(`[${t.ts}] ${t.session.split("/").slice(-2).join("/")} ${t.role}: ${t.text.slice(0, 200)}`);
  }
}

main();
