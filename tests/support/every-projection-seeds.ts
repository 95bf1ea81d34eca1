import { randomUUID } from 'node:crypto';
import { buildEvent, type EventType } from '@mnemo/contracts';

/**
 * Events for every projection of the platform, built as their owners build them, so the replay test
 * compares rows in every table (a replay of an empty table proves nothing). `side` is an account
 * of its own for what would change how the main account's reactors run: a sealed key that opens nothing,
 * a cap, a blocked profile that a synthesis for the main account would clear.
 */
export const everyProjectionSeeds = (accountId: string, side: string) => {
  const fact = (factId: string, content: string) => ({
    factId,
    factType: 'preference',
    content,
    confidence: 'high',
    source: 'manual',
    sourceSession: 'manual',
  });
  const run = {
    trigger: 'cli',
    root: '/home/dev/.claude/projects',
    startedAt: '2026-11-29T11:00:00Z',
    finishedAt: '2026-11-29T11:00:02Z',
    durationMs: 2000,
    files: 1,
    sessions: 1,
    turns: 50,
    events: 51,
    skippedFiles: 0,
    skippedLines: 0,
  };
  const seeds: Array<[EventType, unknown, { sessionId?: string; accountId?: string }?]> = [
    [
      'ArtifactSaved',
      {
        artifactId: 'a-replay',
        title: 'Values',
        content: 'Honesty first. Then care for the people around.',
      },
    ],
    [
      'BookmarkAdded',
      { bookmarkId: 'b-replay', text: 'The moment the plan clicked.' },
      { sessionId: 's-replay' },
    ],
    [
      'CoreProfileSynthesized',
      {
        profile: 'A careful engineer who values honesty.',
        artifactFingerprint: 'f',
        model: 'offline',
      },
    ],
    [
      'InsightDetected',
      {
        insightId: 'i-replay',
        kind: 'theme',
        text: 'Care grows with time.',
        artifactA: 'a-replay',
        artifactB: 'a-replay',
      },
    ],
    [
      'AccountSettingsChanged',
      { healthModuleOn: true, medicationsModuleOn: true, profileLookbackDays: 60 },
    ],
    ['MemoryFactCreated', fact('f-replay', 'Likes early mornings.')],
    [
      'MemoryFactEdited',
      { factId: 'f-replay', content: 'Likes early mornings and long walks.', version: 2 },
    ],
    [
      'MemoryFactProposed',
      {
        ...fact('f-proposed', 'Goes to physiotherapy on Mondays.'),
        proposalId: 'p-replay',
        sensitiveReason: 'mentions treatment',
      },
    ],
    ['ProposalConfirmed', { proposalId: 'p-replay' }],
    ['MemoryFactCreated', fact('f-proposed', 'Goes to physiotherapy on Mondays.')],
    [
      'PlanProposed',
      { planId: 'pl-replay', title: 'Walk every morning', steps: [], reviewDays: 14 },
    ],
    ['PlanActivated', { planId: 'pl-replay', activatedAt: '2026-11-29T10:00:00.000Z' }],
    ['PlanCheckedIn', { planId: 'pl-replay', progress: 'Walked four days out of five.' }],
    // the day series and a plan measured by it: replay rebuilds the days and the progress line
    [
      'PlanProposed',
      {
        planId: 'pl-steps-replay',
        title: 'Walk 8,000 steps a day',
        measure: { metric: 'steps', unit: 'steps', target: 8000 },
      },
    ],
    ['PlanActivated', { planId: 'pl-steps-replay', activatedAt: '2026-11-29T10:00:00.000Z' }],
    [
      'MeasurementRecorded',
      {
        metric: 'steps',
        value: 3000,
        unit: 'steps',
        at: '2026-11-28T08:00:00+01:00',
        source: 'watch',
      },
      { sessionId: 's-replay-watch' },
    ],
    [
      'MeasurementRecorded',
      {
        metric: 'steps',
        value: 5200,
        unit: 'steps',
        at: '2026-11-29T09:00:00+01:00',
        source: 'watch',
      },
      { sessionId: 's-replay-watch' },
    ],
    [
      'MeasurementRecorded',
      {
        metric: 'steps',
        value: 7900,
        unit: 'steps',
        at: '2026-11-29T19:00:00+01:00',
        source: 'watch',
      },
      { sessionId: 's-replay-watch' },
    ],
    [
      'MeasurementRecorded',
      { metric: 'resting_heart_rate', value: 58, unit: 'bpm', day: '2026-11-29', source: 'watch' },
      { sessionId: 's-replay-watch' },
    ],
    ['ReminderSet', { reminderId: 'r-replay', text: 'Call the dentist.' }],
    [
      'SegmentCompacted',
      {
        segment: 1,
        summary: 'They planned a move into product management.',
        inputTokens: 100,
        outputTokens: 20,
        model: 'offline',
      },
      { sessionId: 's-replay' },
    ],
    // memory's extraction windows: a pause of a session with no turns (compaction skips it, no model call) and a quiet-time mark
    ['SegmentPaused', { segment: 1 }, { sessionId: 's-replay-paused' }],
    [
      'SessionQuietExtracted',
      { throughSeq: 3, lastTurnAt: '2026-11-29T10:00:03.000Z', outcome: 'skipped' },
      { sessionId: 's-replay' },
    ],
    // the life inventory, the profile's and the context's copy: an account's own type, a take rated item by item and one completed
    [
      'InventoryTypeDefined',
      {
        inventoryType: 'spine-wheel',
        title: 'Spine wheel',
        scale: { min: 1, max: 10 },
        categories: [
          { id: 'career', name: 'Career', items: [{ id: 'c1', text: 'I like my work.' }] },
        ],
      },
    ],
    ['InventoryTakeStarted', { takeId: 't-rating', inventoryType: 'spine-wheel' }],
    [
      'InventoryItemRated',
      { takeId: 't-rating', inventoryType: 'spine-wheel', itemId: 'c1', rating: 6 },
    ],
    [
      'InventoryTakeCompleted',
      { takeId: 't-replay', inventoryType: 'spine-wheel', scores: { career: 7 } },
    ],
    // ingest's outcome of a coding session and its transcript loop's runs, which recall also counts
    [
      'SessionOutcomeRecorded',
      {
        summary: 'Moved the plan forward.',
        firstUserTurn: 'turn number 1',
        lastAssistantTurn: 'turn number 50',
        filesRead: ['README.md'],
        filesEdited: ['plan.md'],
        toolsCalled: { Edit: 1 },
        commitShas: [],
        outcome: 'merged',
      },
      { sessionId: 's-replay' },
    ],
    [
      'TranscriptIngestRunCompleted',
      { ...run, runId: randomUUID(), watermark: '2026-11-29T11:00:00Z' },
    ],
    [
      'TranscriptIngestRunFailed',
      { ...run, runId: randomUUID(), error: 'the projects folder went away' },
    ],
    [
      'DecisionRecorded',
      {
        decisionId: 'd-replay',
        topic: 'product management',
        stance: 'chose',
        rationale: 'It uses what they like most.',
      },
      { sessionId: 's-replay' },
    ],
    // recall's learning corpus: a skill candidate proposed, renamed by a person and accepted
    [
      'SkillCandidateProposed',
      {
        candidateId: 'sk-replay',
        name: 'add-csv-export',
        description: 'Use when asked for a CSV export endpoint.',
        steps: ['Edit src/routes/index.ts', 'Run `npm test`'],
        files: ['src/routes/index.ts'],
        commands: ['npm test'],
        sourceSessionIds: ['s-replay'],
      },
    ],
    ['SkillCandidateEdited', { candidateId: 'sk-replay', name: 'csv-export' }],
    ['SkillCandidateAccepted', { candidateId: 'sk-replay' }],
    // and a refactor plan recorded, then its steps changed and done
    [
      'RefactorPlanRecorded',
      {
        planId: 'plan-replay',
        goal: 'Split the routes module by resource',
        steps: ['Move the order routes', 'Move the customer routes'],
        files: ['src/routes/index.ts'],
      },
    ],
    [
      'RefactorPlanUpdated',
      { planId: 'plan-replay', steps: ['Move the order routes'], status: 'done' },
    ],
    // the cost ledger: a settled call (also recall's spend) and, on the side account, a cap, keys and a blocked profile
    [
      'LlmCallSettled',
      {
        pools: ['compaction'],
        label: 'compaction',
        model: 'offline',
        inputTokens: 100,
        outputTokens: 20,
        costUsd: 0.001,
        outcome: 'ok',
        day: '2026-11-29',
      },
    ],
    ['CostCapSet', { pool: 'profile', capUsd: 2 }, { accountId: side }],
    [
      'LlmKeyAdded',
      {
        keyId: 'k-replay',
        sealedKey: 'sealed-with-no-key',
        maskedKey: 'sk-ant-…abcd',
        active: false,
      },
      { accountId: side },
    ],
    ['LlmKeyActivated', { keyId: 'k-replay' }, { accountId: side }],
    ['ProfileRegenerationBlocked', { reason: 'api_error' }, { accountId: side }],
    [
      'LogTemplateSeen',
      {
        project: 'shop',
        sourceId: 'journald',
        templateId: '0123456789abcdef',
        template: 'Disk <*> is <*>% full',
        firstSeenAt: '2026-11-29T10:00:00Z',
      },
    ],
    [
      'LogFactsUpdated',
      {
        project: 'shop',
        sourceId: 'journald',
        lines: 2,
        cursor: 's=0123;i=2',
        templates: [
          {
            templateId: '0123456789abcdef',
            template: 'Disk <*> is <*>% full',
            count: 2,
            firstSeenAt: '2026-11-29T10:00:00Z',
            lastSeenAt: '2026-11-29T10:05:00Z',
            severities: { warn: 2 },
            hours: { '2026-11-29T10:00:00Z': 2 },
            units: { 'disk-monitor.service': 2 },
            hosts: { web1: 2 },
            examples: ['Disk /dev/sda1 is 91% full'],
            shapes: { '1:/a/a9': 2 },
          },
        ],
      },
    ],
    [
      'SymbolSnapshotRecorded',
      {
        project: '/src/shop',
        path: 'src/db/pool.ts',
        language: 'typescript',
        contentHash: 'a'.repeat(64),
        lineCount: 12,
        symbols: [
          {
            name: 'createPool',
            kind: 'function',
            signature: 'function createPool(size: number): Pool',
            startLine: 3,
            endLine: 10,
            bodyHash: '0123456789abcdef',
          },
        ],
      },
    ],
  ];
  return seeds.map(([type, payload, to = {}], i) =>
    buildEvent({
      type,
      id: randomUUID(),
      accountId: to.accountId ?? accountId,
      sessionId: to.sessionId,
      occurredAt: `2026-11-29T11:00:${String(i).padStart(2, '0')}Z`,
      producer: 'spine',
      payload,
    } as never),
  );
};
