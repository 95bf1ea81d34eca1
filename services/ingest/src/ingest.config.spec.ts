import { homedir } from 'node:os';
import path from 'node:path';
import { loadIngestConfig } from './ingest.config';

describe('loadIngestConfig', () => {
  it('defaults to a daily loop over ~/.claude/projects for the local account', () => {
    expect(loadIngestConfig({})).toEqual({
      enabled: true,
      intervalMs: 24 * 3_600_000,
      bootDelayMs: 5_000,
      root: path.join(homedir(), '.claude', 'projects'),
      accountId: 'local',
      recheckDays: 30,
    });
  });

  it('reads the switch, interval, root and account from the environment', () => {
    const config = loadIngestConfig({
      MNEMO_SESSION_INGEST_ENABLED: 'off',
      MNEMO_SESSION_INGEST_INTERVAL_HOURS: '0.5',
      MNEMO_TRANSCRIPTS_ROOT: '~/elsewhere',
      MNEMO_TRANSCRIPTS_ACCOUNT: 'team-a',
    });
    expect(config).toMatchObject({
      enabled: false,
      intervalMs: 1_800_000,
      root: path.join(homedir(), 'elsewhere'),
      accountId: 'team-a',
    });
  });

  it.each([
    ['MNEMO_SESSION_INGEST_ENABLED', 'maybe'],
    ['MNEMO_SESSION_INGEST_INTERVAL_HOURS', '0'],
    ['MNEMO_TRANSCRIPTS_ACCOUNT', 'has.dot'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => loadIngestConfig({ [name]: value })).toThrow(name);
  });
});
