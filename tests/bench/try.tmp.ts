import { redact } from '@mnemo/redaction';
const lines = require('fs').readFileSync(0, 'utf8').split('\n---\n').filter((x: string) => x.trim());
for (const l of lines) { const r = redact(l); console.log(JSON.stringify(l).slice(0, 150), '\n   =>', JSON.stringify(r.text).slice(0, 150)); }
