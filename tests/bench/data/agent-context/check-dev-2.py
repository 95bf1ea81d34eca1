"""Checks scenarios-dev-2.json: ids, sourceTurnIds exist (in earlier sessions), mustMention terms occur in a source turn."""
import json, os, sys, collections
d = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios-dev-2.json")))
errors, kinds, styles = [], collections.Counter(), 0
assert d["split"] == "dev-2"
KINDS = {"decision", "convention", "file-history", "rejected-approach", "preference"}
for p in d["projects"]:
    turns = {}
    for s in p["sessions"]:
        assert s["outcome"] in {"merged", "reverted", "abandoned", "unknown"}, s["id"]
        if not 6 <= len(s["turns"]) <= 14: errors.append(f"{s['id']}: {len(s['turns'])} turns")
        for t in s["turns"]:
            assert t["id"].startswith(s["id"] + "-t") and t["role"] in {"user", "assistant"}
            assert t["id"] not in turns
            turns[t["id"]] = t
    if not 3 <= len(p["sessions"]) <= 5: errors.append(f"{p['id']}: {len(p['sessions'])} sessions")
    if not 4 <= len(p["probes"]) <= 5: errors.append(f"{p['id']}: {len(p['probes'])} probes")
    for q in p["probes"]:
        assert q["kind"] in KINDS, q["id"]
        kinds[q["kind"]] += 1
        for n in q["needed"]:
            for tid in n["sourceTurnIds"]:
                if tid not in turns: errors.append(f"{q['id']}: missing turn {tid}")
            hay = " ".join(
                " ".join([turns[t]["text"]] + [x.get("file", "") + " " + x.get("command", "") for x in turns[t].get("tools", [])])
                for t in n["sourceTurnIds"] if t in turns).lower()
            for term in n["mustMention"]:
                if term.lower() not in hay: errors.append(f"{q['id']}: term {term!r} not in {n['sourceTurnIds']}")
            if not 1 <= len(n["mustMention"]) <= 2: errors.append(f"{q['id']}: mustMention count")
n_s = sum(len(p["sessions"]) for p in d["projects"])
n_t = sum(len(s["turns"]) for p in d["projects"] for s in p["sessions"])
n_q = sum(len(p["probes"]) for p in d["projects"])
print(f"projects={len(d['projects'])} sessions={n_s} turns={n_t} probes={n_q} kinds={dict(kinds)}")
print("languages:", collections.Counter(p["language"] for p in d["projects"]))
print("outcomes:", collections.Counter(s["outcome"] for p in d["projects"] for s in p["sessions"]))
for e in errors: print("ERROR", e)
sys.exit(1 if errors else 0)
