#!/usr/bin/env python3
"""Validate the blind memory .conv files and print counts per file and in total."""
import re, sys, glob, os
from collections import Counter

TYPES = ["goal", "preference", "decision", "value", "relationship", "event", "fact"]
HEAD = re.compile(r"^# person: (.+?) · role: (.+?) · other: (.+)$")
SESS = re.compile(r"^## session (s\d+) (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)$")
GOLD = re.compile(r"^\+ ([a-z0-9]+(?:-[a-z0-9]+)*) (\w+)(?: (\d{4}(?:-\d\d(?:-\d\d)?)?))? \| (.+)$")
SUP = re.compile(r"^! ([a-z0-9]+(?:-[a-z0-9]+)*)>([a-z0-9]+(?:-[a-z0-9]+)*) (\w+)(?: (\d{4}(?:-\d\d(?:-\d\d)?)?))? \| (.+)$")
RESTATE = re.compile(r"^~ ([a-z0-9]+(?:-[a-z0-9]+)*)$")

def check(path):
    errs = []
    lines = open(path, encoding="utf-8").read().splitlines()
    c = {"turns": 0, "types": Counter(), "restate": 0, "supersede": 0, "sessions": 0}
    keys = {}
    prev = None  # kind of previous line: 'U', 'A', 'gold', 'restate', 'head', 'sess'
    sess_turns = []
    sess_dates = []
    if not lines or not HEAD.match(lines[0]):
        errs.append("line 1: bad header")
    for i, ln in enumerate(lines[1:], 2):
        if not ln.strip():
            errs.append(f"line {i}: blank line"); continue
        m = SESS.match(ln)
        if m:
            c["sessions"] += 1
            if m.group(1) != f"s{c['sessions']}":
                errs.append(f"line {i}: session numbered {m.group(1)}")
            sess_dates.append(m.group(2)); sess_turns.append(0); prev = "sess"; continue
        if ln.startswith("U: ") or ln.startswith("A: "):
            if not sess_turns:
                errs.append(f"line {i}: turn before any session")
            else:
                sess_turns[-1] += 1
            c["turns"] += 1; prev = ln[0]; continue
        if ln.startswith("+ ") or ln.startswith("! "):
            if prev not in ("U", "gold", "restate"):
                errs.append(f"line {i}: gold line not under a U: turn")
            m = GOLD.match(ln) or SUP.match(ln)
            if not m:
                errs.append(f"line {i}: malformed gold line"); continue
            if ln.startswith("+ "):
                key, typ, date, stmt = m.groups(); old = None
            else:
                key, old, typ, date, stmt = m.groups(); c["supersede"] += 1
                if old not in keys:
                    errs.append(f"line {i}: superseded key {old} not defined earlier")
            if typ not in TYPES:
                errs.append(f"line {i}: unknown type {typ}")
            if key in keys:
                errs.append(f"line {i}: duplicate key {key}")
            if typ == "event" and not date:
                errs.append(f"line {i}: event without date")
            keys[key] = typ; c["types"][typ] += 1; prev = "gold"; continue
        m = RESTATE.match(ln)
        if m:
            if prev not in ("U", "gold", "restate"):
                errs.append(f"line {i}: restatement not under a U: turn")
            if m.group(1) not in keys:
                errs.append(f"line {i}: restated key {m.group(1)} not defined earlier")
            c["restate"] += 1; prev = "restate"; continue
        errs.append(f"line {i}: unrecognised line")
    for n, t in enumerate(sess_turns, 1):
        if not 12 <= t <= 40:
            errs.append(f"session s{n}: {t} turns (want 12-40)")
    if not 3 <= c["sessions"] <= 6:
        errs.append(f"{c['sessions']} sessions (want 3-6)")
    if sess_dates != sorted(sess_dates):
        errs.append("sessions not in chronological order")
    for d in sess_dates:
        if not ("2024" <= d[:4] <= "2026"):
            errs.append(f"session date {d} outside 2024-2026")
    return c, errs

tot = {"turns": 0, "types": Counter(), "restate": 0, "supersede": 0, "sessions": 0}
bad = 0
d = os.path.dirname(os.path.abspath(__file__))
rows = []
for p in sorted(glob.glob(os.path.join(d, "*.conv"))):
    c, errs = check(p)
    role = HEAD.match(open(p, encoding="utf-8").readline().rstrip("\n")).group(2)
    gold = sum(c["types"].values())
    rows.append((os.path.basename(p), role, c["sessions"], c["turns"], gold, c["types"], c["restate"], c["supersede"]))
    for e in errs:
        print(f"{os.path.basename(p)}: {e}"); bad += 1
    for k in ("turns", "restate", "supersede", "sessions"):
        tot[k] += c[k]
    tot["types"] += c["types"]
hdr = "| file | register | sessions | turns | gold | " + " | ".join(TYPES) + " | ~ | ! |"
print(hdr); print("|" + "---|" * (hdr.count("|") - 1))
for name, role, s, t, g, ty, r, sp in rows:
    print(f"| {name} | {role} | {s} | {t} | {g} | " + " | ".join(str(ty[x]) for x in TYPES) + f" | {r} | {sp} |")
g = sum(tot["types"].values())
print(f"| **total** | {len(rows)} files | {tot['sessions']} | {tot['turns']} | {g} | " + " | ".join(str(tot['types'][x]) for x in TYPES) + f" | {tot['restate']} | {tot['supersede']} |")
print("errors:", bad)
sys.exit(1 if bad else 0)
