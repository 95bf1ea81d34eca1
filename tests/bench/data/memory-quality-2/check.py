#!/usr/bin/env python3
"""Check the .conv files in this folder against the format in ../memory-quality/README.md and count gold lines."""
import re, sys, glob, os
from collections import Counter

TYPES = {"goal", "preference", "decision", "value", "relationship", "event", "fact"}
HEAD = re.compile(r"^# person: (\S[^·]*?) · role: ([^·]+?) · other: (\S.*)$")
SESS = re.compile(r"^## session (s\d+) (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$")
TURN = re.compile(r"^(U|A): \S")
DATE = r"(\d{4}(?:-\d{2}(?:-\d{2})?)?)"
GOLD = re.compile(r"^\+ ([a-z0-9][a-z0-9-]*) (\w+)(?: " + DATE + r")? \| (\S.*)$")
RESTATE = re.compile(r"^~ ([a-z0-9][a-z0-9-]*)$")
CHANGE = re.compile(r"^! ([a-z0-9][a-z0-9-]*)>([a-z0-9][a-z0-9-]*) (\w+)(?: " + DATE + r")? \| (\S.*)$")

def check(path):
    errs, stats = [], Counter()
    types = Counter()
    keys, superseded = {}, set()
    lines = open(path, encoding="utf-8").read().splitlines()
    if not lines or not HEAD.match(lines[0]):
        errs.append("line 1: bad header")
    sessions, last_turn, last_date = [], None, ""
    for i, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if m := SESS.match(line):
            sid, iso = m.groups()
            if sid in sessions: errs.append(f"line {i}: duplicate session {sid}")
            if iso <= last_date: errs.append(f"line {i}: session dates not increasing")
            sessions.append(sid); last_date = iso; last_turn = None
            stats["sessions"] += 1
            continue
        if not sessions:
            errs.append(f"line {i}: content before first session"); continue
        if m := TURN.match(line):
            last_turn = m.group(1); stats["turns"] += 1
            stats["U turns" if last_turn == "U" else "A turns"] += 1
            continue
        g, r, c = GOLD.match(line), RESTATE.match(line), CHANGE.match(line)
        if g or r or c:
            if last_turn != "U":
                errs.append(f"line {i}: gold line not under a U turn")
        if g:
            key, typ, date, st = g.groups()
            if key in keys: errs.append(f"line {i}: duplicate key {key}")
            if typ not in TYPES: errs.append(f"line {i}: bad type {typ}")
            if typ == "event" and not date: errs.append(f"line {i}: event without date")
            if date and date[:4] > last_date[:4]: pass
            keys[key] = typ; stats["gold"] += 1; types[typ] += 1
            if not st.endswith("."): errs.append(f"line {i}: statement should end with a full stop")
            continue
        if r:
            if r.group(1) not in keys: errs.append(f"line {i}: ~ unknown key {r.group(1)}")
            stats["~"] += 1
            continue
        if c:
            key, old, typ, date, st = c.groups()
            if key in keys: errs.append(f"line {i}: duplicate key {key}")
            if old not in keys: errs.append(f"line {i}: ! old key {old} unknown")
            if old in superseded: errs.append(f"line {i}: {old} superseded twice")
            if typ not in TYPES: errs.append(f"line {i}: bad type {typ}")
            if typ == "event" and not date: errs.append(f"line {i}: event without date")
            superseded.add(old); keys[key] = typ
            stats["gold"] += 1; stats["!"] += 1; types[typ] += 1
            continue
        errs.append(f"line {i}: line not read: {line[:60]}")
    if not 4 <= stats["sessions"] <= 5: errs.append(f"{stats['sessions']} sessions (want 4-5)")
    if not 25 <= stats["gold"] <= 45: errs.append(f"{stats['gold']} gold (want 25-45)")
    return errs, stats, types

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    total, ttypes, bad, n = Counter(), Counter(), False, 0
    for p in sorted(glob.glob(os.path.join(here, "*.conv"))):
        errs, stats, types = check(p); n += 1
        total.update(stats); ttypes.update(types)
        print(f"{os.path.basename(p):14} sessions={stats['sessions']} turns={stats['turns']} (U {stats['U turns']}) gold={stats['gold']} !={stats['!']} ~={stats['~']}")
        for e in errs: print("   ERROR", e); bad = True
    print(f"\n{n} conversations, {total['sessions']} sessions, {total['turns']} turns, gold {total['gold']}, ! {total['!']}, ~ {total['~']}")
    print("types:", dict(sorted(ttypes.items())))
    sys.exit(1 if bad else 0)

if __name__ == "__main__":
    main()
