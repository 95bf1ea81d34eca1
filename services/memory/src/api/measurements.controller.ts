import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { metricName, ValidationError } from '@mnemo/contracts';
import { AccountId, ApiKeyGuard, parseInput } from '@mnemo/http-edge';
import { daysWithin, robustBaseline } from '@mnemo/memory-rules';
import { briefingLines, measurementEvents } from '../domain/measurements';
import { MetricDaysQuery, RecordMeasurementsBody } from './memory-api.dto';
import { MemoryReadsService } from './memory-reads.service';
import { MemoryWriterService } from './memory-writer.service';

/** The person's own day series (docs/day-series.md) and the two-line briefing read from it. */
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class MeasurementsController {
  constructor(
    @Inject(MemoryReadsService) private readonly reads: MemoryReadsService,
    @Inject(MemoryWriterService) private readonly writer: MemoryWriterService,
  ) {}

  /** A batch of measurements, all or nothing; a retried batch (same ids, or same content) is counted as duplicates. */
  @Post('measurements')
  @HttpCode(202)
  async record(@AccountId() accountId: string, @Body() body: unknown) {
    const { measurements } = parseInput(RecordMeasurementsBody, body, 'body');
    const batch = measurementEvents(accountId, measurements);
    if (!batch.ok)
      throw new ValidationError(
        'some measurements are not valid; none were recorded',
        batch.issues,
      );
    const known = await this.reads.knownMeasurements(accountId, batch.events);
    const fresh = batch.events.filter((e) => !known.has(`${e.metric}\u0000${e.key}`));
    if (fresh.length)
      await this.writer.append(
        accountId,
        fresh.map((e) => ({ id: e.id, type: e.type, payload: e.payload })),
      );
    return { accepted: fresh.length, duplicates: measurements.length - fresh.length };
  }

  /** A metric's daily values per unit, with its robust baseline and band over the lookback. */
  @Get('measurements/:metric')
  async days(
    @AccountId() accountId: string,
    @Param('metric') metric: string,
    @Query() query: unknown,
  ) {
    const { metric: name, lookbackDays } = parseInput(
      MetricDaysQuery.extend({ metric: metricName }),
      { ...(query as object), metric },
      'query',
    );
    const series = await this.reads.metricDays(accountId, name);
    return {
      metric: name,
      lookbackDays,
      series: series.map(({ unit, aggregation, days }) => {
        const last = days[days.length - 1];
        const baseline = last ? robustBaseline(days, last.day, lookbackDays) : null;
        return {
          unit,
          aggregation,
          days: last ? daysWithin(days, last.day, lookbackDays) : [],
          baseline,
        };
      }),
    };
  }

  /** At most two lines: the progress of the active plans, measured ones first. */
  @Get('briefing')
  async briefing(@AccountId() accountId: string) {
    const plans = await this.reads.plans(accountId);
    const checkIns = await this.reads.checkIns(
      accountId,
      plans.map((p) => p.planId),
    );
    const series = await this.reads.seriesOf(
      accountId,
      plans.filter((p) => p.status === 'active'),
    );
    const lines = briefingLines(
      plans.map((plan) => ({
        plan,
        checkIns: checkIns.get(plan.planId) ?? [],
        series: series.get(plan.planId) ?? [],
      })),
    );
    return { lines, text: lines.join('\n') };
  }
}
