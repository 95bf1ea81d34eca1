import { Module } from '@nestjs/common';
import { InsightsController } from './api/insights.controller';

/** The insights API: mounted on the gateway. */
@Module({ controllers: [InsightsController] })
export class InsightApiModule {}
