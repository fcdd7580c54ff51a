import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import rules from "../rules/default.json";

type Row = { date: string; description: string; amount: string };

function categorise(desc: string): string {
  for (const [pattern, cat] of Object.entries(rules as Record<string, string>)) {
    if (new RegExp(pattern, "i").test(desc)) return cat;
  }
  return "uncategorised";
}

const [file, , month] = process.argv.slice(2);
const rows: Row[] = parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true });
const totals = new Map<string, number>();
for (const r of rows) {
  if (month && !r.date.startsWith(month)) continue;
  const c = categorise(r.description);
  totals.set(c, (totals.get(c) ?? 0) + Number(r.amount));
}
console.table([...totals].map(([category, total]) => ({ category, total: total.toFixed(2) })));
