#!/usr/bin/env python3
"""Generate strong passwords, passphrases and PINs with the secrets module."""
import argparse
import math
import secrets
import string

WORDS = """able acid aged also area army away baby back ball band bank base bath bear beat bell belt
best bird blow blue boat body bone book boot born boss both bowl bulk burn bush busy cake call calm
came camp card care case cash cast cell chat chip city club coal coat code cold come cook cool cope
copy core cost crew crop dark data date dawn deal dean dear debt deep deny desk dial diet disc dish
door dose down draw drew drop drug dual duke dust duty each earn ease east easy edge else even ever
face fact fail fair fall farm fast fate fear feed feel file fill film find fine fire firm fish five
flat flow folk food foot form fort four free from fuel full fund gain game gate gave gear gene gift
girl give glad goal goes gold golf gone good gray grew grey grow gulf hair half hall hand hang hard
harm head hear heat held hell help here hero high hill hire hold hole holy home hope host hour huge""".split()
AMBIGUOUS = set("0O1lI")


def alphabet(symbols, no_ambiguous):
    chars = string.ascii_letters + string.digits + ("!@#$%^&*()-_=+[]{};:,.?" if symbols else "")
    if no_ambiguous:
        chars = "".join(c for c in chars if c not in AMBIGUOUS)
    return chars


def password(length, chars, symbols):
    # guarantee at least one of each required class
    while True:
        pw = "".join(secrets.choice(chars) for _ in range(length))
        classes = [any(c.islower() for c in pw), any(c.isupper() for c in pw), any(c.isdigit() for c in pw)]
        if symbols:
            classes.append(any(not c.isalnum() for c in pw))
        if all(classes) or length < 4:
            return pw


def passphrase(n):
    return "-".join(secrets.choice(WORDS) for _ in range(n))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--length", type=int, default=20)
    ap.add_argument("--no-symbols", action="store_true")
    ap.add_argument("--no-ambiguous", action="store_true")
    ap.add_argument("--passphrase", action="store_true")
    ap.add_argument("--words", type=int, default=5)
    ap.add_argument("--pin", action="store_true")
    ap.add_argument("--count", type=int, default=1)
    args = ap.parse_args()
    if args.length < 4 or args.length > 256:
        ap.error("--length must be between 4 and 256")

    for _ in range(max(1, min(args.count, 50))):
        if args.passphrase:
            out, bits = passphrase(args.words), args.words * math.log2(len(WORDS))
        elif args.pin:
            out = "".join(secrets.choice(string.digits) for _ in range(args.length))
            bits = args.length * math.log2(10)
        else:
            chars = alphabet(not args.no_symbols, args.no_ambiguous)
            out, bits = password(args.length, chars, not args.no_symbols), args.length * math.log2(len(chars))
        print(f"{out}    (~{bits:.0f} bits)")


if __name__ == "__main__":
    main()
