// A require hook for TypeScript that keeps what swc compiled in a disk cache, keyed by the file's
// path, size and modification time (spelled out in the cache file's name: hashing it would load
// node:crypto, 10 ms of a hook's start-up). A warm start never loads @swc/core, which takes seconds on a busy
// machine: Claude Code hooks run `mnemo hook …` on every prompt and must answer within their bound.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const root = path.join(__dirname, '..');
const cacheDir =
  process.env.MNEMO_TS_CACHE_DIR || path.join(root, 'node_modules', '.cache', 'mnemo-ts');
let swcOptions = null;
let swc = null;

function compile(source, filename) {
  if (!swc) {
    swc = require('@swc/core');
    const swcrc = JSON.parse(fs.readFileSync(path.join(root, '.swcrc'), 'utf8'));
    delete swcrc.$schema;
    swcOptions = { ...swcrc, swcrc: false, configFile: false };
  }
  return swc.transformSync(source, { ...swcOptions, filename }).code;
}

Module._extensions['.ts'] = function loadTs(module, filename) {
  const info = fs.statSync(filename);
  const key = `${encodeURIComponent(path.relative(root, filename))}.${info.size}.${info.mtimeMs}`;
  const cached = path.join(cacheDir, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = compile(fs.readFileSync(filename, 'utf8'), filename);
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      const temp = `${cached}.${process.pid}.tmp`;
      fs.writeFileSync(temp, code);
      fs.renameSync(temp, cached);
    } catch {
      // a read-only checkout: compile every time
    }
  }
  module._compile(code, filename);
};
