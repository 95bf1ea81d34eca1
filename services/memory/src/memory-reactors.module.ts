import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { ArtifactExtraction } from './reactors/artifact-extraction.service';
import { ArtifactExtractionSweep } from './reactors/artifact-extraction.sweep';
import { ArtifactSavedReactor } from './reactors/artifact-saved.reactor';
import { EXTRACTION_CONFIG, parseExtractionConfig } from './reactors/extraction.config';
import { FactExtractor } from './reactors/fact-extractor.service';
import { QuietSessionSweep } from './reactors/quiet-session.sweep';
import { SegmentCompactedReactor } from './reactors/segment-compacted.reactor';

/** Fact extraction: once a segment's compaction call settles, after an artifact save (debounced, with a sweep that finishes a save whose timer died), when a session goes quiet. */
@Module({
  controllers: [SegmentCompactedReactor, ArtifactSavedReactor],
  providers: [{ provide: EXTRACTION_CONFIG, inject: [ENVIRONMENT], useFactory: (env: Environment) => parseExtractionConfig(env) }, FactExtractor, ArtifactExtraction, ArtifactExtractionSweep, QuietSessionSweep],
})
export class MemoryReactorsModule {}
