import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildEvent } from '@mnemo/contracts';
import { replayDeadLetter, type StoredDeadLetter } from '@mnemo/eventing';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { firstItems } from '@mnemo/testing';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');
const CONSUMER = 'projection-context-sources';

/**
 * A poison event end to end: the context service's context-sources projection cannot store
 * one reminder (a constraint the test adds to its table), dead-letters it after MNEMO_MAX_DELIVER = 3
 * deliveries and goes on with the next events. `mnemo dlq list` shows the letter and its error; a
 * replay before the fix keeps it; once the constraint is gone a replay applies it, and a second replay
 * applies nothing. context_versions counts applications, so a double apply would show in it.
 */
describe('a poison event is dead-lettered, listed and replayed once its cause is fixed', () => {
  let harness: Harness;
  let accountId: string;
  const db = () => harness.platform.infra.dataSource;
  const cli = (...args: string[]) =>
    run(process.execPath, [MNEMO, ...args], { env: harness.childEnv(), timeout: 120_000 });
  const reminder = (reminderId: string, text: string) =>
    buildEvent({
      type: 'ReminderSet',
      id: randomUUID(),
      accountId,
      occurredAt: new Date(),
      producer: 'memory',
      payload: { reminderId, text },
    });
  const reminders = async (): Promise<string[]> =>
    (
      await db().query(`SELECT id FROM context_reminders WHERE account_id = $1 ORDER BY id`, [
        accountId,
      ])
    ).map((row: { id: string }) => row.id);
  const version = async (): Promise<number> =>
    Number(
      (
        await db().query(`SELECT version FROM context_versions WHERE account_id = $1`, [accountId])
      )[0]?.version ?? 0,
    );
  const letters = (): Promise<StoredDeadLetter[]> =>
    harness.platform.infra.log.listDeadLetters('context');

  beforeAll(async () => {
    harness = await startHarness();
    accountId = (await harness.createAccount('poisoned')).accountId;
    await db().query(
      `ALTER TABLE context_reminders ADD CONSTRAINT no_poison CHECK (text <> 'Poison reminder.')`,
    );
  });
  afterAll(async () => harness?.stop());

  it('dead-letters the poison, goes on, keeps it through a failed replay, and applies it once after the fix (the CLI lists and replays)', async () => {
    const poison = reminder('r-poison', 'Poison reminder.');
    await harness.platform.infra.log.appendMany('events', [
      poison,
      reminder('r-after', 'Call the dentist.'),
    ]);
    await eventually(reminders, (ids) => ids.includes('r-after'), 30_000);
    await eventually(
      () => harness.platform.infra.log.listDeadLetters('context'),
      (found) => found.length === 1,
      30_000,
    );

    const [listed] = firstItems(await letters(), 1);
    expect(JSON.parse((await cli('dlq', 'list', '--service', 'context', '--json')).stdout)).toEqual(
      [listed],
    );
    expect(listed.letter).toMatchObject({
      service: 'context',
      consumer: CONSUMER,
      deliveryCount: 3,
      event: { id: poison.id },
    });
    expect(listed.letter.error.message).toContain('no_poison');

    // Not fixed yet: the replay fails again and the letter is kept, with its new error.
    await expect(
      replayDeadLetter(harness.platform.infra.log, listed.id, { timeoutMs: 30_000 }),
    ).resolves.toMatchObject({ status: 'failed', service: 'context' });
    const [kept] = firstItems(await letters(), 1);
    expect(kept.letter).toMatchObject({
      event: { id: poison.id },
      deliveryCount: 4,
      error: { message: expect.stringContaining('no_poison') },
    });
    expect(await reminders()).toEqual(['r-after']);

    await db().query(`ALTER TABLE context_reminders DROP CONSTRAINT no_poison`);
    const before = await version();
    const replayed = await cli('dlq', 'replay', String(kept.id));
    expect(replayed.stdout).toContain(`${kept.id}\treplayed\tcontext/${CONSUMER}\t${poison.id}`);
    expect(await reminders()).toEqual(['r-after', 'r-poison']);
    expect(await version()).toBe(before + 1);

    const again = await cli('dlq', 'replay', String(kept.id));
    expect(again.stdout).toContain(`${kept.id}\tnot found`);
    expect(await version()).toBe(before + 1);
    expect(await letters()).toEqual([]);
  }, 300_000);
});
