#!/usr/bin/env node
// Runs a TypeScript entry point through swc (decorator metadata included, which Nest needs).
require('@swc-node/register');
require('reflect-metadata');
const path = require('node:path');
const entry = process.argv[2];
process.argv.splice(2, 1);
require(path.resolve(entry));
