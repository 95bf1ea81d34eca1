#!/usr/bin/env python3
"""Builds recall-dev-natural.json from src/cNN.txt and validates it.

Authoring format (one file per conversation, the file name gives the conversation id):
    == 2026-01-10                      a session starting that day (sessions in date order)
    U: text                            a user turn
    A: {label} text                    an assistant turn; {label} names it for questions
    Q single-hop: question | label label
    Q absent: question |               absent questions name no turns
Lines starting with '#' and blank lines are ignored.
"""
import json
import re
import sys
from collections import Counter
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
CATEGORIES = ('single-hop', 'multi-hop', 'temporal', 'open-domain', 'adversarial', 'absent')
errors = []


def fail(msg):
    errors.append(msg)


def parse(path):
    conv = path.stem
    sessions, questions, labels = [], [], {}
    for lineno, raw in enumerate(path.read_text(encoding='utf-8').splitlines(), 1):
        line = raw.strip()
        where = f'{path.name}:{lineno}'
        if not line or line.startswith('#'):
            continue
        if line.startswith('=='):
            day = line[2:].strip()
            try:
                date.fromisoformat(day)
            except ValueError:
                fail(f'{where}: bad date {day!r}')
            n = len(sessions) + 1
            sessions.append({'id': f'{conv}-s{n}', 'startedAt': f'{day}T{9 + n % 9:02d}:00:00.000Z', 'turns': []})
            continue
        m = re.match(r'^([UA]):\s*(?:\{([\w-]+)\}\s*)?(.+)$', line)
        if m:
            if not sessions:
                fail(f'{where}: turn before any session')
                continue
            role = 'user' if m.group(1) == 'U' else 'assistant'
            s = sessions[-1]
            tid = f"{s['id']}-t{len(s['turns']) + 1}"
            if m.group(2):
                if m.group(2) in labels:
                    fail(f'{where}: label {m.group(2)} used twice')
                labels[m.group(2)] = tid
            s['turns'].append({'id': tid, 'role': role, 'text': m.group(3).strip()})
            continue
        m = re.match(r'^Q\s+([\w-]+):\s*(.+?)\s*\|\s*(.*)$', line)
        if m:
            questions.append((where, m.group(1), m.group(2), m.group(3).split()))
            continue
        fail(f'{where}: cannot read line')
    out_q = []
    for i, (where, cat, text, refs) in enumerate(questions, 1):
        turn_ids = []
        for ref in refs:
            if ref not in labels:
                fail(f'{where}: unknown label {ref}')
            elif labels[ref] not in turn_ids:
                turn_ids.append(labels[ref])
        session_ids = sorted({t.rsplit('-t', 1)[0] for t in turn_ids}, key=lambda s: int(s.rsplit('-s', 1)[1]))
        out_q.append({'id': f'{conv}-q{i:02d}', 'conversationId': conv, 'question': text, 'category': cat,
                      'evidenceTurnIds': turn_ids, 'evidenceSessionIds': session_ids, '_where': where})
    return {'id': conv, 'sessions': sessions}, out_q


def validate(conversations, questions):
    ids = Counter()
    turns_by_conv = {}
    for c in conversations:
        ids[c['id']] += 1
        if not 4 <= len(c['sessions']) <= 8:
            fail(f"{c['id']}: {len(c['sessions'])} sessions (want 4-8)")
        days = [date.fromisoformat(s['startedAt'][:10]) for s in c['sessions']]
        for a, b in zip(days, days[1:]):
            if (b - a).days < 1:
                fail(f"{c['id']}: sessions not in date order, days apart ({a} -> {b})")
        turn_ids = set()
        for n, s in enumerate(c['sessions'], 1):
            ids[s['id']] += 1
            if s['id'] != f"{c['id']}-s{n}":
                fail(f"{s['id']}: bad session id")
            if not 12 <= len(s['turns']) <= 30:
                fail(f"{s['id']}: {len(s['turns'])} turns (want 12-30)")
            for m, t in enumerate(s['turns'], 1):
                ids[t['id']] += 1
                turn_ids.add(t['id'])
                if t['id'] != f"{s['id']}-t{m}":
                    fail(f"{t['id']}: bad turn id")
                want = 'user' if m % 2 == 1 else 'assistant'
                if t['role'] != want:
                    fail(f"{t['id']}: role {t['role']}, want {want} (roles alternate from user)")
        turns_by_conv[c['id']] = turn_ids
    for q in questions:
        where = q.pop('_where')
        ids[q['id']] += 1
        if q['category'] not in CATEGORIES:
            fail(f"{where}: category {q['category']}")
        if q['conversationId'] not in turns_by_conv:
            fail(f"{where}: unknown conversation")
            continue
        if (q['category'] == 'absent') != (not q['evidenceTurnIds']):
            fail(f"{where}: absent questions and only they have empty evidence")
        for t in q['evidenceTurnIds']:
            if t not in turns_by_conv[q['conversationId']]:
                fail(f"{where}: evidence {t} not in conversation")
        if set(q['evidenceSessionIds']) != {t.rsplit('-t', 1)[0] for t in q['evidenceTurnIds']}:
            fail(f"{where}: evidence sessions do not match evidence turns")
        if q['category'] == 'multi-hop' and len(q['evidenceTurnIds']) < 2:
            fail(f"{where}: multi-hop needs two or more evidence turns")
    for i, n in ids.items():
        if n > 1:
            fail(f'id {i} used {n} times')


def main():
    conversations, questions = [], []
    for path in sorted((HERE / 'src').glob('c*.txt')):
        c, qs = parse(path)
        conversations.append(c)
        questions.extend(qs)
    validate(conversations, questions)
    if len(conversations) < 10:
        fail(f'{len(conversations)} conversations (want >= 10)')
    if len(questions) < 300:
        fail(f'{len(questions)} questions (want >= 300)')
    counts = Counter(q['category'] for q in questions)
    for cat in CATEGORIES:
        print(f'{cat:12} {counts[cat]:4}  {100 * counts[cat] / max(1, len(questions)):5.1f} %')
    turns = sum(len(s['turns']) for c in conversations for s in c['sessions'])
    sessions = sum(len(c['sessions']) for c in conversations)
    print(f'{len(conversations)} conversations, {sessions} sessions, {turns} turns, {len(questions)} questions')
    if errors:
        print('\n'.join(errors), file=sys.stderr)
        sys.exit(1)
    out = HERE / 'recall-dev-natural.json'
    out.write_text(json.dumps({'conversations': conversations, 'questions': questions}, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
    print(f'wrote {out.name}')


if __name__ == '__main__':
    main()
