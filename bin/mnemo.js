#!/usr/bin/env node
// The `mnemo` CLI: `npx mnemo start --target all`, `npx mnemo replay --projection all`, …
// Agent-side commands (`mnemo hook …`, `mnemo mcp`) start on a light path: a cached TypeScript loader
// and only the modules they need, because Claude Code waits for them.
const command = process.argv[2];
if (command === 'hook') {
  require('./fast-ts');
  require('../services/platform/src/claude-code/hook-main.ts');
} else if (command === 'logs') {
  require('./fast-ts');
  require('../services/platform/src/logs-cli.ts');
} else if (command === 'drift' || command === 'snapshot') {
  require('./fast-ts');
  require('../services/platform/src/code-cli.ts');
} else if (command === 'mcp') {
  require('./fast-ts');
  require('../services/platform/src/agent-cli.ts');
} else {
  // the same cached loader (its .swcrc keeps Nest's decorators and their metadata): a warm
  // `mnemo --help` loads neither swc nor the TypeScript compiler, and the command table loads no service
  require('./fast-ts');
  require('reflect-metadata');
  require('../services/platform/src/cli.ts');
}
