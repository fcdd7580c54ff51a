import { detectWallets } from './detect';
import { PriceFeed } from './feed';

async function main() {
  const wallets = await detectWallets();
  const feed = new PriceFeed();
  await feed.open();
  const rows = await feed.balances(wallets);
  console.table(rows);
  feed.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
