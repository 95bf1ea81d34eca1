import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildHealthVocabulary, renderHealthVocabulary } from './health-vocabulary';

/** npm run vocabulary:health: regenerates the health wording rule's WordNet terms. */
const target = path.join(__dirname, '../../libs/memory-rules/src/health-vocabulary.generated.ts');
writeFileSync(target, renderHealthVocabulary(buildHealthVocabulary()));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
