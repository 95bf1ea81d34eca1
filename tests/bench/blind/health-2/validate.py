#!/usr/bin/env python3
"""Validate the health-2 blind split (statements.json). Exit 0 on success."""
import json
import re
import sys
from collections import Counter
from pathlib import Path

SENSITIVE_KINDS = {"condition", "limitation", "symptom", "sleep", "medication", "supplement",
                   "mental-health", "diet-medical", "reproductive", "injury"}
ORDINARY_KINDS = {"none-confusable", "none-fitness", "none-food", "none-life", "none-tech"}
REGISTERS = {"terse", "rambling", "formal", "non-native", "developer", "older", "teenager",
             "venting", "joking", "correction", "plan", "coach"}
FIELDS = ("id", "text", "sensitive", "kind", "register")


def main() -> int:
    path = Path(__file__).with_name("statements.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    errs = []
    if data.get("version") != 1:
        errs.append("version must be 1")
    items = data.get("items", [])
    ids, texts = Counter(), Counter()
    for it in items:
        for f in FIELDS:
            if f not in it:
                errs.append(f"{it.get('id')}: missing field {f}")
        if any(f not in it for f in FIELDS):
            continue
        ids[it["id"]] += 1
        texts[re.sub(r"\s+", " ", it["text"].strip().lower())] += 1
        if not re.fullmatch(r"k\d{3}", it["id"]):
            errs.append(f"{it['id']}: bad id")
        if not isinstance(it["sensitive"], bool):
            errs.append(f"{it['id']}: sensitive not bool")
        if it["register"] not in REGISTERS:
            errs.append(f"{it['id']}: unknown register {it['register']}")
        kinds = SENSITIVE_KINDS if it["sensitive"] else ORDINARY_KINDS
        if it["kind"] not in kinds:
            errs.append(f"{it['id']}: kind {it['kind']} does not match sensitive={it['sensitive']}")
        n = len(it["text"].split())
        if not 4 <= n <= 60:
            errs.append(f"{it['id']}: {n} words (need 4-60)")
        if it["sensitive"] and not isinstance(it.get("plain_wording"), bool):
            errs.append(f"{it['id']}: sensitive item lacks plain_wording bool")
    errs += [f"duplicate id {i}" for i, c in ids.items() if c > 1]
    errs += [f"duplicate text: {t}" for t, c in texts.items() if c > 1]

    sens = [i for i in items if i.get("sensitive") is True]
    ordi = [i for i in items if i.get("sensitive") is False]
    if len(items) != 300:
        errs.append(f"{len(items)} items, need 300")
    if len(sens) != 150 or len(ordi) != 150:
        errs.append(f"need 150/150 sensitive/ordinary, got {len(sens)}/{len(ordi)}")
    kc = Counter(i["kind"] for i in items)
    for k in SENSITIVE_KINDS:
        need = 20 if k in {"symptom", "sleep", "mental-health", "limitation"} else 10
        if kc[k] < need:
            errs.append(f"kind {k}: {kc[k]} < {need}")
    for k in ORDINARY_KINDS:
        if kc[k] == 0:
            errs.append(f"kind {k}: no items")
    conf = kc["none-confusable"] + kc["none-tech"] + kc["none-fitness"]
    if conf < 80:
        errs.append(f"confusable ordinary items {conf} < 80")
    rc = Counter(i["register"] for i in items)
    for r in REGISTERS:
        if rc[r] < 20:
            errs.append(f"register {r}: {rc[r]} < 20")
    plain = sum(1 for i in sens if i.get("plain_wording"))
    if plain * 2 < len(sens):
        errs.append(f"plain-wording sensitive items {plain} < half of {len(sens)}")

    if errs:
        print("\n".join(errs))
        print(f"FAIL: {len(errs)} problem(s)")
        return 1
    print(f"OK: {len(items)} items ({len(sens)} sensitive, {len(ordi)} ordinary), "
          f"{plain} plain-wording sensitive, {conf} confusable ordinary")
    print("kinds:", dict(sorted(kc.items())))
    print("registers:", dict(sorted(rc.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
