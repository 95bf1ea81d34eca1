import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@mnemo/persistence';
import { ArtifactExtractionService } from './extraction/artifact-extraction.service';
import { ArtifactExtractionSweep } from './sweeps/artifact-extraction.sweep';
import { ArtifactSavedReactor } from './reactors/artifact-saved.reactor';
import { EXTRACTION_CONFIG, loadMemoryConfig } from './memory.config';
import { FactExtractionService } from './extraction/fact-extraction.service';
import { QuietSessionSweep } from './sweeps/quiet-session.sweep';
import { SegmentCompactedReactor } from './reactors/segment-compacted.reactor';

/** Fact extraction: once a segment's compaction call settles, after an artifact save (debounced, with a sweep that finishes a save whose timer died), when a session goes quiet. */
@Module({
  controllers: [SegmentCompactedReactor, ArtifactSavedReactor],
  providers: [
    {
      provide: EXTRACTION_CONFIG,
      inject: [ENVIRONMENT],
      useFactory: (env: Environment) => loadMemoryConfig(env),
    },
    FactExtractionService,
    ArtifactExtractionService,
    ArtifactExtractionSweep,
    QuietSessionSweep,
  ],
})
export class MemoryReactorsModule {}
