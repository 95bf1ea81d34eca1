// `mnemo hook …` and `mnemo mcp`: a small program of their own, so that a hook loads only what it uses.
const startedAt = Date.now() - process.uptime() * 1000;
import { Command } from 'commander';
import { registerAgentCommands } from './claude-code/agent.commands';

const program = new Command('mnemo').description(
  'Mnemo inside an agent: MCP tools and Claude Code hooks',
);
registerAgentCommands(program, startedAt);
program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`mnemo: ${(error as Error)?.message ?? error}\n`);
  process.exit(1);
});
