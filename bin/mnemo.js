#!/usr/bin/env node
// The `mnemo` CLI: `npx mnemo start --target all`, `npx mnemo replay --projection all`, …
require('@swc-node/register');
require('reflect-metadata');
require('../services/platform/src/cli.ts');
