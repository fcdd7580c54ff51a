const fs = require("node:fs");
const { parse } = require("csv-parse/sync");
const store = process.env.SHOPIFY_STORE, token = process.env.SHOPIFY_ADMIN_TOKEN;
const args = process.argv.slice(2);
const csv = parse(fs.readFileSync(args[args.indexOf("--csv") + 1]), { columns: true });
async function gql(query, variables) {
  const r = await fetch(`https://${store}/admin/api/2024-07/graphql.json`, {
    method: "POST", headers: { "X-Shopify-Access-Token": token, "Content-Type": "application/json" },
    body: JSON.stringify({ query, variables }) });
  return (await r.json()).data;
}
(async () => {
  for (const row of csv) {
    const d = await gql(`query($q:String!){productVariants(first:1,query:$q){nodes{sku inventoryQuantity inventoryItem{id}}}}`, { q: `sku:${row.sku}` });
    const v = d.productVariants.nodes[0];
    if (!v) { console.log(`? ${row.sku} not found`); continue; }
    if (v.inventoryQuantity !== Number(row.qty)) console.log(`${row.sku}: ${v.inventoryQuantity} -> ${row.qty}`);
  }
  if (!args.includes("--apply")) console.log("dry run; pass --apply to write");
})();
