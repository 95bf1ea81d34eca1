// `npm run corpus:redaction`: writes corpus.json from the generator (the spec checks the two agree).
import { writeFileSync } from 'node:fs';
import { buildCorpus, CORPUS_FILE } from './corpus.generate';

const corpus = buildCorpus();
writeFileSync(CORPUS_FILE, `${JSON.stringify(corpus, null, 1)}\n`);
const clean = corpus.filter((s) => s.label === 'clean').length;
console.log(
  `wrote ${corpus.length} samples (${corpus.length - clean} secret, ${clean} clean) to ${CORPUS_FILE}`,
);
