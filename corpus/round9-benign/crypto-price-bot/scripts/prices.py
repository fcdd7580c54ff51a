import os, time, argparse, requests
ap = argparse.ArgumentParser(); ap.add_argument('--coins', default='bitcoin,ethereum,solana'); ap.add_argument('--every', type=int, default=0)
a = ap.parse_args()
TOK, CHAT = os.environ['TELEGRAM_BOT_TOKEN'], os.environ['TELEGRAM_CHAT_ID']

def once():
    p = requests.get('https://api.coingecko.com/api/v3/simple/price', timeout=15,
                     params={'ids': a.coins, 'vs_currencies': 'usd', 'include_24hr_change': 'true'}).json()
    msg = '\n'.join(f"{k}: ${v['usd']:,} ({v['usd_24h_change']:+.1f}%)" for k, v in p.items())
    requests.post(f'https://api.telegram.org/bot{TOK}/sendMessage', json={'chat_id': CHAT, 'text': msg}, timeout=15)
    print(msg)

once()
while a.every:
    time.sleep(max(a.every, 300)); once()
