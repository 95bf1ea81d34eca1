#!/usr/bin/env python3
"""Checks scenarios-dev-N.json (`check-scenarios.py 4` or `5`): it parses, ids are well formed and unique, every probe's needed item cites
source turns that exist in a session of the same project started before the probe (the probe is a new
session's first prompt), and every mustMention term occurs (case-insensitive) in the cited turns' text or
tool file/command. Prints counts; exits 1 on any problem."""
import json
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

SPLIT = sys.argv[1] if len(sys.argv) > 1 else "4"
PATH = Path(__file__).with_name(f"scenarios-dev-{SPLIT}.json")
# dev-5 and dev-6 have three-session projects; dev-4 was written with four or more
MIN_SESSIONS = {"4": 4, "5": 3, "6": 3}[SPLIT]
KINDS = {"decision", "convention", "file-history", "rejected-approach", "preference"}
OUTCOMES = {"merged", "reverted", "abandoned", "unknown"}


def when(value):
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def main():
    problems = []
    bad = problems.append
    data = json.loads(PATH.read_text(encoding="utf-8"))
    projects = data["projects"]
    seen = set()

    def unique(kind, ident):
        if ident in seen:
            bad(f"duplicate id {ident} ({kind})")
        seen.add(ident)

    n_sessions = n_turns = n_probes = 0
    outcomes, kinds, per_project_kinds = Counter(), Counter(), {}
    warnings = []
    for project in projects:
        pid = project["id"]
        unique("project", pid)
        if not re.fullmatch(rf"d{SPLIT}-p\d\d", pid):
            bad(f"bad project id {pid}")
        sessions = project["sessions"]
        if not MIN_SESSIONS <= len(sessions) <= 7:
            bad(f"{pid}: {len(sessions)} sessions (want {MIN_SESSIONS}-7)")
        turn_index = {}  # turn id -> (session start, turn)
        previous_start = None
        for s_no, session in enumerate(sessions, 1):
            sid = session["id"]
            unique("session", sid)
            if sid != f"{pid}-s{s_no}":
                bad(f"{pid}: session id {sid} out of order")
            if session.get("outcome") not in OUTCOMES:
                bad(f"{sid}: outcome {session.get('outcome')!r}")
            outcomes[session.get("outcome")] += 1
            start = when(session["startedAt"])
            if previous_start and start <= previous_start:
                bad(f"{sid}: startedAt not after the previous session")
            previous_start = start
            n_sessions += 1
            for t_no, turn in enumerate(session["turns"], 1):
                tid = turn["id"]
                unique("turn", tid)
                if tid != f"{sid}-t{t_no}":
                    bad(f"{sid}: turn id {tid} out of order")
                if turn.get("role") not in ("user", "assistant"):
                    bad(f"{tid}: role {turn.get('role')!r}")
                if not turn.get("text"):
                    bad(f"{tid}: empty text")
                for tool in turn.get("tools", []):
                    if tool.get("name") not in ("Edit", "Write", "Read", "Bash", "Grep"):
                        bad(f"{tid}: tool {tool.get('name')!r}")
                    if not (tool.get("file") or tool.get("command")):
                        bad(f"{tid}: tool without file or command")
                turn_index[tid] = (start, turn)
                n_turns += 1
        probes = project.get("probes", [])
        # dev-6 asks 3-5 per project, one per thing the project settled
        if not (3 if SPLIT == "6" else 5) <= len(probes) <= 5:
            bad(f"{pid}: {len(probes)} probes (want 5)")
        pk = Counter()
        for q_no, probe in enumerate(probes, 1):
            qid = probe["id"]
            unique("probe", qid)
            if qid != f"{pid}-q{q_no}":
                bad(f"{pid}: probe id {qid} out of order")
            if probe.get("kind") not in KINDS:
                bad(f"{qid}: kind {probe.get('kind')!r}")
            kinds[probe.get("kind")] += 1
            pk[probe.get("kind")] += 1
            n_probes += 1
            probe_at = when(probe["at"])
            if probe_at <= previous_start:
                bad(f"{qid}: probe is not after the project's last session")
            prompt = probe.get("prompt", "")
            if not prompt:
                bad(f"{qid}: empty prompt")
            needed = probe.get("needed") or []
            if not needed:
                bad(f"{qid}: no needed items")
            for item in needed:
                terms = item.get("mustMention") or []
                if not 1 <= len(terms) <= 3:
                    bad(f"{qid}: {len(terms)} mustMention terms (want 1-3)")
                sources = item.get("sourceTurnIds") or []
                if not sources:
                    bad(f"{qid}: needed item without sourceTurnIds")
                haystack = []
                for tid in sources:
                    if tid not in turn_index:
                        bad(f"{qid}: source {tid} is not a turn of {pid}")
                        continue
                    start, turn = turn_index[tid]
                    if start >= probe_at:
                        bad(f"{qid}: source {tid} is not from an earlier session")
                    haystack.append(turn.get("text", ""))
                    for tool in turn.get("tools", []):
                        haystack += [tool.get("file") or "", tool.get("command") or ""]
                text = "\n".join(haystack).lower()
                for term in terms:
                    if term.lower() not in text:
                        bad(f"{qid}: term {term!r} not in its source turns")
                    if term.lower() in prompt.lower():
                        warnings.append(f"{qid}: term {term!r} also appears in the prompt")
        per_project_kinds[pid] = pk
    for w in warnings:
        print("note:", w)
    print(f"projects {len(projects)}, sessions {n_sessions}, turns {n_turns}, probes {n_probes}")
    print("outcomes", dict(outcomes))
    print("kinds", dict(kinds))
    for p in problems:
        print("PROBLEM:", p)
    if problems:
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
