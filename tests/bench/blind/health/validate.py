#!/usr/bin/env python3
"""Validate the blind health split: python3 validate.py  (exit 0 = pass)."""
import json, os, re, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SENSITIVE_KINDS = {"condition", "limitation", "symptom", "sleep", "medication", "supplement",
                   "mental-health", "diet-medical", "reproductive", "injury"}
ORDINARY_KINDS = {"none-confusable", "none-fitness", "none-food", "none-life", "none-tech"}
CONFUSABLE_KINDS = {"none-confusable", "none-tech", "none-fitness"}
REGISTERS = {"terse-texting", "chatty-rambling", "formal-clinical", "non-native", "developer", "parent",
             "older-person", "young-athlete", "venting", "joking", "correcting", "plan-goal"}
FIELDS = {"id": str, "text": str, "sensitive": bool, "kind": str, "register": str}
# Words whose non-health use makes an ordinary item a confusable (substring match, lowercase).
TRIGGERS = ["pain", "sick", "dead", "die", "dying", "death", "sleep", "dose", "pill", "run", "shot",
            "injury", "therapy", "heart", "headache", "tired", "crash", "drug", "kill", "hospital",
            "pharma", "doctor", "patient", "recovery", "blind", "memory", "leak", "health", "vital",
            "dream", "broke", "life support", "allergic", "addicted", "clinic", "first-aid", "patch",
            "triage", "coroner", "mortem", "resuscitate", "suicide", "statin", "opioid", "nightingale",
            "paramedic", "bedtime", "condition", "side-effect", "shock", "zombie", "wake", "deathbed"]
# Obvious medical vocabulary an 'indirect' sensitive item must avoid ("doctor", "GP" allowed: the
# brief counts "my doctor says..." as indirect phrasing).
OBVIOUS = ["medic", "medicine", "pill", "tablet", "drug", "diagnos", "disease", "disorder", "illness",
           "sick", "pain", "sleep", "slept", "insomnia", "nap ", "allerg", "intoleran", "symptom",
           "prescri", "hospital", "surgery", "surgical", "injur", "chronic", "therap", "depress",
           "anxi", "disab", "condition", "syndrome", "vitamin", "supplement", "dose", "diabet",
           "antibiotic", "insulin", "migraine", "headache", "fever", "fracture", "clinic", "patient",
           "treatment", "mental health", "psychiatr"]

errors = []
def err(msg): errors.append(msg)

data = json.load(open(os.path.join(HERE, "statements.json"), encoding="utf-8"))
if data.get("version") != 1: err("version must be 1")
items = data.get("items", [])
ids, texts = Counter(), Counter()
for it in items:
    for f, t in FIELDS.items():
        if not isinstance(it.get(f), t): err(f"{it.get('id')}: field {f} missing or not {t.__name__}")
    if set(it) - set(FIELDS): err(f"{it.get('id')}: unexpected fields {set(it) - set(FIELDS)}")
    if not re.fullmatch(r"h\d{3}", str(it.get("id"))): err(f"bad id {it.get('id')}")
    ids[it.get("id")] += 1
    texts[re.sub(r"\W+", " ", str(it.get("text", "")).lower()).strip()] += 1
    allowed = SENSITIVE_KINDS if it.get("sensitive") else ORDINARY_KINDS
    if it.get("kind") not in allowed: err(f"{it['id']}: kind {it.get('kind')} not allowed for sensitive={it.get('sensitive')}")
    if it.get("register") not in REGISTERS: err(f"{it['id']}: register {it.get('register')}")
    n = len(str(it.get("text", "")).split())
    if not 4 <= n <= 60: err(f"{it['id']}: {n} words (must be 4-60)")
for k, c in ids.items():
    if c > 1: err(f"duplicate id {k}")
for k, c in texts.items():
    if c > 1: err(f"duplicate text: {k}")

sens = [i for i in items if i.get("sensitive") is True]
ordi = [i for i in items if i.get("sensitive") is False]
if len(items) != 420: err(f"{len(items)} items, want 420")
if abs(len(sens) - 210) > 10 or abs(len(ordi) - 210) > 10: err(f"balance {len(sens)}/{len(ordi)}, want ~210/210")
conf = [i for i in ordi if i["kind"] in CONFUSABLE_KINDS and any(w in i["text"].lower() for w in TRIGGERS)]
if len(conf) < 110: err(f"only {len(conf)} ordinary confusables with a trigger word, want >= 110")
reg = Counter(i.get("register") for i in items)
for r in REGISTERS:
    if reg[r] < 30: err(f"register {r}: {reg[r]} items, want >= 30")
kinds = Counter(i.get("kind") for i in items)
for k in SENSITIVE_KINDS | ORDINARY_KINDS:
    if kinds[k] == 0: err(f"kind {k} unused")

ind = json.load(open(os.path.join(HERE, "indirect.json"), encoding="utf-8"))["ids"]
byid = {i["id"]: i for i in items}
for h in ind:
    it = byid.get(h)
    if it is None or not it["sensitive"]: err(f"indirect id {h} is not a sensitive item"); continue
    low = " " + it["text"].lower() + " "
    hit = [w for w in OBVIOUS if w in low]
    if hit: err(f"indirect {h} uses obvious vocabulary {hit}: {it['text']}")
if len(set(ind)) < 60: err(f"only {len(set(ind))} indirect sensitive items, want >= 60")

print(f"items {len(items)}: sensitive {len(sens)}, ordinary {len(ordi)}; "
      f"confusables with trigger {len(conf)}; indirect sensitive {len(set(ind))}")
print("kinds:", dict(sorted(kinds.items())))
print("registers:", dict(sorted(reg.items())))
if errors:
    print(f"FAIL ({len(errors)})"); print("\n".join(errors)); sys.exit(1)
print("OK")
