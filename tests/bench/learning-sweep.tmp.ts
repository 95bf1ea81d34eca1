import { readFileSync } from 'node:fs';
import { failedClusters } from '../../services/recall/src/learning/domain/failed-clusters';
import { skillCandidates } from '../../services/recall/src/learning/domain/skill-candidates';
import type { LearningSession } from '../../services/recall/src/learning/domain/learning-session';
import { pairwise } from './support/pairwise';

function load(file: string) {
  const d = JSON.parse(readFileSync(file, 'utf8'));
  const sessions: LearningSession[] = [];
  for (const p of d.projects)
    for (const s of p.sessions) {
      const tools = s.turns.flatMap((t: any) => t.tools ?? []);
      const abs = (f: string) => (f.startsWith('/') ? f : `${p.repo}/${f}`);
      const user = s.turns.filter((t: any) => t.role === 'user').map((t: any) => t.text);
      sessions.push({
        sessionId: s.id, project: p.repo, startedAt: s.startedAt, outcome: s.outcome,
        task: user[0] ?? '', asked: user,
        steps: tools.map((t: any) => ({ name: t.name, ...(t.file ? { file: abs(t.file) } : {}), ...(t.command ? { command: t.command } : {}), ...(t.error ? { error: t.error } : {}) })),
        filesEdited: [...new Set(tools.filter((t: any) => t.file && ['Edit','Write','MultiEdit'].includes(t.name)).map((t: any) => abs(t.file)))] as string[],
      } as LearningSession);
    }
  return { sessions, labels: d.labels };
}
const sets = process.argv.slice(2).map(load);
for (const cut of [0.8, 0.84, 0.86, 0.88, 0.9, 0.92, 0.94]) {
  const row = sets.map(({ sessions, labels }) => {
    const f = pairwise(failedClusters('a', sessions, cut).map((c) => c.sessions.map((s) => s.sessionId)), labels.failedGroups);
    const k = pairwise(skillCandidates('a', sessions, cut).map((c) => c.sourceSessionIds), labels.skillGroups);
    return `F ${f.precision.toFixed(2)}/${f.recall.toFixed(2)}/${f.f1.toFixed(2)}  S ${k.precision.toFixed(2)}/${k.recall.toFixed(2)}/${k.f1.toFixed(2)}`;
  });
  console.log(cut.toFixed(2), row.join('   |   '));
}
