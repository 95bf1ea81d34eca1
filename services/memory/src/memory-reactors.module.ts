import { Module } from '@nestjs/common';
import { ArtifactSavedReactor } from './reactors/artifact-saved.reactor';
import { EXTRACTION_CONFIG, parseExtractionConfig } from './reactors/extraction.config';
import { FactExtractor } from './reactors/fact-extractor.service';
import { QuietSessionSweep } from './reactors/quiet-session.sweep';
import { SegmentCompactedReactor } from './reactors/segment-compacted.reactor';

/** Fact extraction: after a segment's summary, after an artifact save (debounced), when a session goes quiet. */
@Module({
  controllers: [SegmentCompactedReactor, ArtifactSavedReactor],
  providers: [{ provide: EXTRACTION_CONFIG, useFactory: () => parseExtractionConfig(process.env) }, FactExtractor, QuietSessionSweep],
})
export class MemoryReactorsModule {}
