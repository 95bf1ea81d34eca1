"""Writes scenarios-dev-3.json: the dev-2 projects with six routine sessions added after their last one.

A real project has many sessions, most of them routine; what an earlier session settled must still reach
the digest when it sits behind a week of small work. Written by the lead for tuning (dev, not blind).
"""
import datetime
import json
import pathlib

here = pathlib.Path(__file__).parent
dev2 = json.loads((here / "scenarios-dev-2.json").read_text())

ROUTINE = [
    ("fix the typo in the README install section", "Fixed the typo.", [("Edit", "README.md", None)]),
    ("bump the patch dependencies and make sure the build is green", "Bumped four patch versions; the build is green.", [("Bash", None, "make deps"), ("Bash", None, "make test")]),
    ("why is CI red on main?", "A flaky network call in a test; it passed on retry. Nothing to change.", [("Bash", None, "gh run view --log-failed")]),
    ("rename the variable tmp to pending in the worker", "Renamed.", [("Grep", None, "tmp"), ("Edit", "worker/queue.txt", None)]),
    ("add a CODEOWNERS entry for the docs folder", "Added the docs team to CODEOWNERS.", [("Edit", ".github/CODEOWNERS", None)]),
    ("clean up the old feature flag for the beta banner", "Removed the flag and its two branches.", [("Grep", None, "beta_banner"), ("Edit", "config/flags.txt", None), ("Bash", None, "make test")]),
]

out = {"split": "dev-3", "projects": []}
for project in dev2["projects"]:
    sessions = list(project["sessions"])
    last = max(datetime.datetime.fromisoformat(s["startedAt"].replace("Z", "+00:00")) for s in sessions)
    for n, (ask, answer, tools) in enumerate(ROUTINE, start=1):
        sid = f"{project['id']}-r{n}"
        at = last + datetime.timedelta(days=n)
        stamp = lambda minutes: (at + datetime.timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        sessions.append({
            "id": sid,
            "outcome": "merged",
            "startedAt": stamp(0),
            "turns": [
                {"id": f"{sid}-t1", "role": "user", "text": ask, "at": stamp(0)},
                {"id": f"{sid}-t2", "role": "assistant", "text": "On it.", "at": stamp(1),
                 "tools": [{"name": name, **({"file": file} if file else {}), **({"command": command} if command else {})} for name, file, command in tools]},
                {"id": f"{sid}-t3", "role": "assistant", "text": answer, "at": stamp(3)},
                {"id": f"{sid}-t4", "role": "user", "text": "thanks", "at": stamp(4)},
            ],
        })
    out["projects"].append({**project, "id": project["id"].replace("d2-", "d3-"), "sessions": sessions,
                            "probes": [{**p, "id": p["id"].replace("d2-", "d3-")} for p in project["probes"]]})

(here / "scenarios-dev-3.json").write_text(json.dumps(out, indent=1) + "\n")
