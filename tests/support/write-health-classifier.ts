import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  background,
  crossValidate,
  examples,
  generatedSource,
  OUT,
  train,
} from './health-classifier';

/** npm run classifier:health [-- --cv]: retrains the health wording classifier, or cross-validates it. */
const all = examples();
const extra = background();
if (process.argv.includes('--cv')) crossValidate(all, extra);
else {
  const model = train([...all, ...extra]);
  writeFileSync(OUT, generatedSource(model));
  console.log(
    `wrote ${Object.keys(model.weights).length} weights to ${path.relative(process.cwd(), OUT)}`,
  );
}
