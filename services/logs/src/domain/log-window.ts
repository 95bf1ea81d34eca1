import type { LogSeverity, LogTemplateDelta, PayloadOf } from '@mnemo/contracts';
import { WILDCARD, type TemplateMiner } from '@mnemo/log-templates';
import { redact } from '@mnemo/redaction';
import {
  inferSeverity,
  unfoldable,
  valueShape,
  type RawLogLine,
  type SkipReason,
} from './log-line';

const HOUR_MS = 3_600_000;
const MAX_EXAMPLES = 3;
const MAX_EXAMPLE_CHARS = 1000;
const MAX_KEYS = 10;
const MAX_SHAPES = 20;
const MAX_HOURS = 200;
/** A window's event stays well under the bus's message size. */
const MAX_WINDOW_BYTES = 256 * 1024;
const MAX_WINDOW_TEMPLATES = 400;

interface Accumulated {
  count: number;
  first: number;
  last: number;
  severities: Partial<Record<LogSeverity, number>>;
  hours: Map<number, number>;
  units: Map<string, number>;
  hosts: Map<string, number>;
  examples: string[];
  shapes: Map<string, number>;
}

export interface DrainedWindow {
  seen: Array<Omit<PayloadOf<'LogTemplateSeen'>, 'project' | 'sourceId'>>;
  facts: Omit<PayloadOf<'LogFactsUpdated'>, 'project' | 'sourceId' | 'cursor'>;
}

/**
 * The lines of one source folded since its last flush: each line is redacted first (nothing raw
 * gets past `add`), mined into a template, and counted into that template's share of the window.
 * `drain` hands the window over as the payloads of a `LogTemplateSeen` per new template and one
 * `LogFactsUpdated`, and starts a new window. Bounded: `full()` says when to flush.
 */
export class LogWindow {
  private readonly byTemplate = new Map<string, Accumulated>();
  private readonly created = new Map<string, number>();
  private lines = 0;
  private skippedLines = 0;
  private bytes = 0;
  private hourKeys = 0;
  readonly skipReasons: Partial<Record<SkipReason, number>> = {};

  constructor(private readonly miner: TemplateMiner) {}

  get size(): number {
    return this.lines + this.skippedLines;
  }

  /** Folds one raw line; answers why it was skipped, if it was. */
  add(line: RawLogLine): SkipReason | undefined {
    const reason = unfoldable(line.message);
    if (reason) {
      this.skip(reason);
      return reason;
    }
    const message = redact(line.message).text;
    const match = this.miner.add(message);
    const id = match.template.id;
    const at = line.at.getTime();
    if (match.created && !this.created.has(id)) this.created.set(id, at);
    let acc = this.byTemplate.get(id);
    if (!acc) {
      acc = {
        count: 0,
        first: at,
        last: at,
        severities: {},
        hours: new Map(),
        units: new Map(),
        hosts: new Map(),
        examples: [],
        shapes: new Map(),
      };
      this.byTemplate.set(id, acc);
      this.bytes += match.template.text.length + 200;
    }
    this.lines++;
    acc.count++;
    if (at < acc.first) acc.first = at;
    if (at > acc.last) acc.last = at;
    const severity = line.severity ?? inferSeverity(message);
    acc.severities[severity] = (acc.severities[severity] ?? 0) + 1;
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    if (!acc.hours.has(hour)) this.hourKeys++;
    acc.hours.set(hour, (acc.hours.get(hour) ?? 0) + 1);
    if (line.unit) bump(acc.units, line.unit.slice(0, 256), MAX_KEYS);
    if (line.host) bump(acc.hosts, line.host.slice(0, 256), MAX_KEYS);
    if (acc.examples.length < MAX_EXAMPLES) {
      const example = message.slice(0, MAX_EXAMPLE_CHARS);
      if (!acc.examples.includes(example)) {
        acc.examples.push(example);
        this.bytes += example.length;
      }
    }
    this.countShapes(acc, match.template.tokens, message);
    return undefined;
  }

  /** Counts a line a source could not hand over whole (over its bound), as `add` counts an unfoldable one. */
  skip(reason: SkipReason): void {
    this.skippedLines++;
    this.skipReasons[reason] = (this.skipReasons[reason] ?? 0) + 1;
  }

  /** Time to flush: the window's event would grow past its bounds with more templates. */
  full(): boolean {
    return (
      this.bytes >= MAX_WINDOW_BYTES ||
      this.byTemplate.size >= MAX_WINDOW_TEMPLATES ||
      this.hourKeys >= MAX_HOURS
    );
  }

  drain(): DrainedWindow {
    const templates: LogTemplateDelta[] = [];
    for (const [templateId, acc] of this.byTemplate) {
      templates.push({
        templateId,
        template: this.textOf(templateId),
        count: acc.count,
        firstSeenAt: new Date(acc.first).toISOString(),
        lastSeenAt: new Date(acc.last).toISOString(),
        severities: acc.severities,
        hours: Object.fromEntries(
          [...acc.hours].map(([hour, n]) => [new Date(hour).toISOString(), n]),
        ),
        units: Object.fromEntries(acc.units),
        hosts: Object.fromEntries(acc.hosts),
        examples: acc.examples,
        shapes: Object.fromEntries(acc.shapes),
      });
    }
    const seen = [...this.created].map(([templateId, at]) => ({
      templateId,
      template: this.textOf(templateId),
      firstSeenAt: new Date(at).toISOString(),
    }));
    const facts = { lines: this.lines, skipped: this.skippedLines, templates };
    this.byTemplate.clear();
    this.created.clear();
    this.lines = 0;
    this.skippedLines = 0;
    this.bytes = 0;
    this.hourKeys = 0;
    return { seen, facts };
  }

  private textOf(templateId: string): string {
    return (this.miner.get(templateId)?.text ?? templateId).slice(0, 4096);
  }

  private countShapes(acc: Accumulated, tokens: readonly string[], message: string): void {
    if (!tokens.some((token) => token.includes(WILDCARD))) return;
    const values = message.trim().split(/\s+/);
    if (values.length !== tokens.length) return;
    for (let i = 0; i < tokens.length; i++) {
      if (!tokens[i]?.includes(WILDCARD)) continue;
      bump(acc.shapes, `${i}:${valueShape(values[i] ?? '')}`, MAX_SHAPES);
    }
  }
}

/** Counts a key; a map at its bound counts only the keys it holds. */
function bump(map: Map<string, number>, key: string, limit: number): void {
  const n = map.get(key);
  if (n !== undefined) map.set(key, n + 1);
  else if (map.size < limit) map.set(key, 1);
}
