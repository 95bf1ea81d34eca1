import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  background,
  crossValidate,
  examples,
  generatedSource,
  OUT,
  train,
  trainingDigest,
} from './health-classifier';

/** npm run classifier:health [-- --cv]: retrains the health wording classifier, or cross-validates it. */
const all = examples();
const extra = background();
if (process.argv.includes('--cv')) crossValidate(all, extra);
else {
  const rows = [...all, ...extra];
  const model = train(rows);
  writeFileSync(OUT, generatedSource(model, trainingDigest(rows)));
  console.log(
    `wrote ${Object.keys(model.weights).length} weights to ${path.relative(process.cwd(), OUT)}`,
  );
}
