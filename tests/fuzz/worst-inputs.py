#!/usr/bin/env python3
"""Writes the worst-case inputs measured in docs/reliability.md into DIR (default /tmp/hb-worst):

- cards/big.hb: a 4 MiB card file (just under the cap) whose last 200 cards each have one
  error (an unknown field), so the errors sit near the end of the file;
- deck.txt: a 1 MiB decklist (just under the cap) with 1,000 lines naming unknown cards (each
  asks for a did-you-mean), padded with long comment lines.
"""
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/hb-worst"
os.makedirs(os.path.join(out, "cards"), exist_ok=True)

bad = "".join(
    f'Event "Bad {i:03d}" {{\n    cost: 1R\n    atack: 1\n}}\n' for i in range(200)
)
good = []
size = len(bad)
i = 0
while True:
    card = f'Event "Filler {i:06d}" {{\n    cost: 1R\n    text: "{"x" * 100}"\n}}\n'
    if size + len(card) > 4 * 1024 * 1024 - 1024:
        break
    good.append(card)
    size += len(card)
    i += 1
with open(os.path.join(out, "cards", "big.hb"), "w") as f:
    f.write("".join(good) + bad)

lines = []
size = 0
for i in range(1000):
    line = f"1 Lancer-clas Frigat {i}\n"
    pad = "# " + "x" * 997 + "\n"
    lines.append(line + pad)
    size += len(line) + len(pad)
with open(os.path.join(out, "deck.txt"), "w") as f:
    f.write("".join(lines))
print(f"{out}/cards/big.hb: {os.path.getsize(os.path.join(out, 'cards', 'big.hb'))} bytes")
print(f"{out}/deck.txt: {os.path.getsize(os.path.join(out, 'deck.txt'))} bytes")
