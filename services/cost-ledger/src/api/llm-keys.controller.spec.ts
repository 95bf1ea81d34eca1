import type { DataSource } from 'typeorm';
import type { EventLog } from '@mnemo/eventing';
import { LlmKeysController } from './llm-keys.controller';

describe('LlmKeysController without MNEMO_SECRET_KEY', () => {
  it('refuses to store a key (503, saying why) and writes nothing', async () => {
    const appended: unknown[] = [];
    const log = {
      append: async (_stream: string, event: unknown) => (
        appended.push(event),
        { seq: 1, duplicate: false }
      ),
    } as unknown as EventLog;
    const controller = new LlmKeysController(
      { query: async () => [] } as unknown as DataSource,
      log,
      null,
    );
    await expect(
      controller.put('acc-1', { apiKey: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz' }),
    ).rejects.toMatchObject({
      code: 'dependency_unavailable',
      message: expect.stringContaining('MNEMO_SECRET_KEY'),
    });
    expect(appended).toEqual([]);
  });
});
