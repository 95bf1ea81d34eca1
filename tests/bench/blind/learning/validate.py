#!/usr/bin/env python3
"""Check the shape and labels of the blind learning split (sessions.json).

Usage: python3 validate.py [path/to/sessions.json]
Exits 1 and lists every problem found, or prints a summary and exits 0.
"""
import json
import os
import re
import sys
from collections import Counter

OUTCOMES = {"merged", "reverted", "abandoned", "unknown"}
TOOLS = {"Read", "Edit", "Write", "Bash", "Grep", "Glob"}
ROLES = {"user", "assistant"}
N_PROJECTS = 6
N_SESSIONS = 40
SESSIONS_PER_PROJECT = (6, 8)
TURNS_PER_SESSION = (6, 20)
FAILED_SIZE = (2, 4)
SKILL_SIZE = (3, 4)
MIN_FAILED_GROUPS = 5
MIN_SKILL_GROUPS = 5
MIN_UNGROUPED = 10
# a failed-group session with outcome "unknown" must show this many tool errors
MIN_ERRORS_FOR_UNKNOWN_FAILED = 3

PROJECT_ID = re.compile(r"^L\d{2}$")
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


def main(path):
    errors = []
    err = errors.append
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)

    if doc.get("version") != 1:
        err("version must be 1")
    projects = doc.get("projects")
    if not isinstance(projects, list):
        err("projects must be a list")
        projects = []
    if len(projects) != N_PROJECTS:
        err(f"expected {N_PROJECTS} projects, found {len(projects)}")

    sessions = {}      # id -> session
    project_of = {}    # session id -> project id
    project_ids = set()
    turn_ids = set()
    n_turns = 0
    n_tools = 0

    for p in projects:
        pid = p.get("id")
        if not isinstance(pid, str) or not PROJECT_ID.match(pid):
            err(f"bad project id {pid!r}")
            continue
        if pid in project_ids:
            err(f"duplicate project id {pid}")
        project_ids.add(pid)
        if not isinstance(p.get("repo"), str) or not p["repo"].startswith("/"):
            err(f"{pid}: repo must be an absolute path")
        if not isinstance(p.get("language"), str) or not p["language"]:
            err(f"{pid}: language missing")
        ss = p.get("sessions") or []
        lo, hi = SESSIONS_PER_PROJECT
        if not lo <= len(ss) <= hi:
            err(f"{pid}: {len(ss)} sessions, expected {lo}-{hi}")
        sid_re = re.compile(rf"^{re.escape(pid)}-s\d+$")
        for s in ss:
            sid = s.get("id")
            if not isinstance(sid, str) or not sid_re.match(sid):
                err(f"{pid}: bad session id {sid!r}")
                continue
            if sid in sessions:
                err(f"duplicate session id {sid}")
            sessions[sid] = s
            project_of[sid] = pid
            if not isinstance(s.get("startedAt"), str) or not TIMESTAMP.match(s["startedAt"]):
                err(f"{sid}: startedAt must look like 2026-03-02T09:14:00Z")
            if s.get("outcome") not in OUTCOMES:
                err(f"{sid}: outcome {s.get('outcome')!r} not in {sorted(OUTCOMES)}")
            turns = s.get("turns") or []
            lo, hi = TURNS_PER_SESSION
            if not lo <= len(turns) <= hi:
                err(f"{sid}: {len(turns)} turns, expected {lo}-{hi}")
            tid_re = re.compile(rf"^{re.escape(sid)}-t\d+$")
            has_user = False
            for t in turns:
                n_turns += 1
                tid = t.get("id")
                if not isinstance(tid, str) or not tid_re.match(tid):
                    err(f"{sid}: bad turn id {tid!r} (must be {sid}-tN)")
                elif tid in turn_ids:
                    err(f"duplicate turn id {tid}")
                else:
                    turn_ids.add(tid)
                role = t.get("role")
                if role not in ROLES:
                    err(f"{tid}: role {role!r} not in {sorted(ROLES)}")
                has_user |= role == "user"
                if not isinstance(t.get("text"), str) or not t["text"].strip():
                    err(f"{tid}: text missing or empty")
                extra = set(t) - {"id", "role", "text", "tools"}
                if extra:
                    err(f"{tid}: unexpected keys {sorted(extra)}")
                if "tools" in t:
                    if role != "assistant":
                        err(f"{tid}: tools only allowed on assistant turns")
                    if not isinstance(t["tools"], list) or not t["tools"]:
                        err(f"{tid}: tools must be a non-empty list")
                        continue
                    for k, tool in enumerate(t["tools"]):
                        n_tools += 1
                        where = f"{tid} tool {k}"
                        if tool.get("name") not in TOOLS:
                            err(f"{where}: name {tool.get('name')!r} not in {sorted(TOOLS)}")
                        has_file = isinstance(tool.get("file"), str) and tool["file"]
                        has_cmd = isinstance(tool.get("command"), str) and tool["command"]
                        if not (has_file or has_cmd):
                            err(f"{where}: needs a non-empty file or command")
                        if "error" in tool and (not isinstance(tool["error"], str) or not tool["error"].strip()):
                            err(f"{where}: error, when present, must be a non-empty string")
                        extra = set(tool) - {"name", "file", "command", "error"}
                        if extra:
                            err(f"{where}: unexpected keys {sorted(extra)}")
            if not has_user:
                err(f"{sid}: no user turn")

    if len(sessions) != N_SESSIONS:
        err(f"expected {N_SESSIONS} sessions in all, found {len(sessions)}")

    def tool_errors(s):
        return sum(1 for t in s.get("turns", []) for tool in t.get("tools", []) if tool.get("error"))

    labels = doc.get("labels") or {}
    failed = labels.get("failedGroups") or []
    skill = labels.get("skillGroups") or []
    seen = {}
    for kind, groups, (lo, hi) in (("failed", failed, FAILED_SIZE), ("skill", skill, SKILL_SIZE)):
        for gi, g in enumerate(groups):
            name = f"{kind}Groups[{gi}]"
            if not lo <= len(g) <= hi:
                err(f"{name}: size {len(g)}, expected {lo}-{hi}")
            projs = set()
            for sid in g:
                if sid not in sessions:
                    err(f"{name}: unknown session {sid}")
                    continue
                if sid in seen:
                    err(f"{sid} is in both {seen[sid]} and {name}")
                seen[sid] = name
                projs.add(project_of[sid])
                s = sessions[sid]
                oc = s.get("outcome")
                if kind == "skill" and oc != "merged":
                    err(f"{name}: {sid} has outcome {oc}, skill groups need merged")
                if kind == "failed":
                    if oc == "merged":
                        err(f"{name}: {sid} is merged, failed groups need reverted/abandoned")
                    elif oc == "unknown" and tool_errors(s) < MIN_ERRORS_FOR_UNKNOWN_FAILED:
                        err(f"{name}: {sid} is unknown with only {tool_errors(s)} tool errors "
                            f"(need {MIN_ERRORS_FOR_UNKNOWN_FAILED})")
            if len(projs) > 1:
                err(f"{name}: spans projects {sorted(projs)}")

    if len(failed) < MIN_FAILED_GROUPS:
        err(f"{len(failed)} failed groups, need at least {MIN_FAILED_GROUPS}")
    if len(skill) < MIN_SKILL_GROUPS:
        err(f"{len(skill)} skill groups, need at least {MIN_SKILL_GROUPS}")
    ungrouped = [sid for sid in sessions if sid not in seen]
    if len(ungrouped) < MIN_UNGROUPED:
        err(f"{len(ungrouped)} ungrouped sessions, need at least {MIN_UNGROUPED}")
    ung_out = Counter(sessions[s]["outcome"] for s in ungrouped)
    if ung_out["merged"] == 0:
        err("no merged session outside the groups (merged one-offs expected)")
    if ung_out["reverted"] + ung_out["abandoned"] == 0:
        err("no failed session outside the groups (failed one-offs expected)")

    if errors:
        print(f"{len(errors)} problem(s):")
        for e in errors:
            print("  -", e)
        return 1

    outcomes = Counter(s["outcome"] for s in sessions.values())
    print(f"ok: {len(project_ids)} projects, {len(sessions)} sessions, {n_turns} turns, {n_tools} tool calls")
    print(f"    outcomes: " + ", ".join(f"{k}={outcomes[k]}" for k in sorted(OUTCOMES)))
    print(f"    failed groups: {len(failed)} (sizes {[len(g) for g in failed]}), "
          f"skill groups: {len(skill)} (sizes {[len(g) for g in skill]})")
    print(f"    ungrouped: {len(ungrouped)} (" + ", ".join(f"{k}={v}" for k, v in sorted(ung_out.items())) + ")")
    return 0


if __name__ == "__main__":
    default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sessions.json")
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else default))
