import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomically } from '@mnemo/context-service/cli';
import { loadClientSettings, MnemoClient } from '@mnemo/mnemo-client';

/**
 * `mnemo skills export DIR`: the accepted skill candidates written as Claude Code skills,
 * DIR/<name>/SKILL.md each (docs/learning.md); answers the paths written.
 */
export async function exportSkills(client: MnemoClient, dir: string): Promise<string[]> {
  const { skills } = await client.exportSkills();
  const written: string[] = [];
  for (const skill of skills) {
    // the server names the file from a validated skill name; it never leaves DIR
    const file = path.resolve(dir, skill.name, 'SKILL.md');
    if (!file.startsWith(path.resolve(dir) + path.sep)) continue;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomically(file, skill.content);
    written.push(file);
  }
  return written;
}

export function registerSkillsCommands(
  program: Command,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const skills = program
    .command('skills')
    .description('skill candidates learned from repeated work (MNEMO_URL, MNEMO_API_KEY)');
  skills
    .command('export')
    .description('write the accepted skill candidates as DIR/<name>/SKILL.md (e.g. .claude/skills)')
    .argument('<dir>', 'the folder to write into')
    .action(async (dir: string) => {
      const settings = loadClientSettings(env);
      if (!settings.apiKey) throw new Error('set MNEMO_API_KEY to the account API key');
      const client = new MnemoClient({
        url: settings.url,
        apiKey: settings.apiKey,
        timeoutMs: 30_000,
      });
      const written = await exportSkills(client, dir);
      process.stdout.write(
        written.length
          ? `${written.map((file) => `wrote ${file}`).join('\n')}\n`
          : 'no accepted skill candidates to export\n',
      );
    });
}
