import { z } from 'zod';
import type { SkillCandidateItem } from '@mnemo/mnemo-client';
import { fitResult } from '../tool-output';
import { ToolInputError, tool } from '../tool';
import { listOf } from '../render';

function renderSkillCandidate(candidate: SkillCandidateItem, index: number): string {
  return (
    `${index + 1}. ${candidate.name} [${candidate.status}] · id ${candidate.candidateId}\n   ${candidate.description}` +
    (candidate.steps.length
      ? `\n   steps: ${candidate.steps.map((step, i) => `(${i + 1}) ${step}`).join(' ')}`
      : '') +
    listOf('files', candidate.files) +
    listOf('commands', candidate.commands) +
    listOf('from sessions', candidate.sourceSessionIds)
  );
}

export const skillCandidates = tool({
  name: 'skill_candidates',
  title: 'Skill candidates from repeated work',
  description:
    'Recurring successful work Mnemo found in earlier sessions, proposed as Claude Code skills (name, when to use it, steps, ' +
    'files, commands). action "list" (default) shows them; "accept", "dismiss" or "edit" (with name, description or steps) ' +
    'decides one by its candidateId. Accepted ones are written out with `npx mnemo skills export DIR`. Decide only when the person asks.',
  input: z.object({
    action: z
      .enum(['list', 'accept', 'dismiss', 'edit'])
      .default('list')
      .describe('list (default) shows the candidates; accept, dismiss or edit decides one.'),
    status: z
      .enum(['proposed', 'accepted', 'dismissed'])
      .optional()
      .describe('list only: candidates of this status (default: all).'),
    candidateId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('accept, dismiss, edit: which candidate.'),
    name: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .max(64)
      .optional()
      .describe('edit: the new name (lowercase letters, digits, hyphens).'),
    description: z.string().trim().min(1).max(1024).optional().describe('edit: when to use it.'),
    steps: z
      .array(z.string().trim().min(1).max(500))
      .max(30)
      .optional()
      .describe('edit: the steps.'),
  }),
  readOnly: false,
  async run(input, context) {
    if (input.action === 'list') {
      const { candidates } = await context.client.skillCandidates(input.status);
      if (candidates.length === 0) return 'No skill candidates yet.';
      return fitResult(
        this.name,
        candidates.map(renderSkillCandidate).join('\n'),
        context.spillDir,
      );
    }
    if (!input.candidateId) throw new ToolInputError(`candidateId: required to ${input.action}`);
    if (input.action === 'edit') {
      const patch = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.steps !== undefined ? { steps: input.steps } : {}),
      };
      if (Object.keys(patch).length === 0)
        throw new ToolInputError('name: give a name, a description or steps to edit');
      return `Edited:\n${renderSkillCandidate(await context.client.editSkillCandidate(input.candidateId, patch), 0)}`;
    }
    const decided = await context.client.decideSkillCandidate(input.candidateId, input.action);
    return `${input.action === 'accept' ? 'Accepted' : 'Dismissed'}:\n${renderSkillCandidate(decided, 0)}`;
  },
});
