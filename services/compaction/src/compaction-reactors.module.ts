import { Module } from '@nestjs/common';
import { SegmentPausedReactor } from './reactors/segment-paused.reactor';

/** Compaction's reactors: a segment pause becomes a summary (or a recorded reason there is none). */
@Module({ controllers: [SegmentPausedReactor] })
export class CompactionReactorsModule {}
