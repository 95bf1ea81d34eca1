import { Module } from '@nestjs/common';
import { SessionSummaryController } from './session-summary.controller';

/** Session summaries over HTTP: mounted on the gateway. */
@Module({ controllers: [SessionSummaryController] })
export class CompactionApiModule {}
