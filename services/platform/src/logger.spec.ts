import { FIELDS_REDACTED } from '@mnemo/eventing';
import { createLogger } from './logger';
import { itemAt } from '@mnemo/testing';

const TOKEN = `ghp_${'k3Y9pQ2wR7tZ'.repeat(3)}`;

function written(
  log: (logger: ReturnType<typeof createLogger>) => void,
): Array<Record<string, unknown>> {
  const lines: string[] = [];
  log(createLogger('info', 'spec', { write: (line: string) => void lines.push(line) }));
  return lines.map((line) => JSON.parse(line));
}

describe('createLogger', () => {
  it('redacts every string of a line, fields and message', () => {
    const [line] = written((logger) =>
      logger.info({ path: `/v1/x/${TOKEN}`, nested: { note: `token ${TOKEN}` } }, `saw ${TOKEN}`),
    );
    expect(line).toMatchObject({
      path: '/v1/x/[REDACTED:github_token]',
      nested: { note: 'token [REDACTED:github_token]' },
      msg: 'saw [REDACTED:github_token]',
    });
  });

  it('writes a line its writer marked as redacted as it is, without the mark', () => {
    const line = itemAt(
      written((logger) =>
        logger.info(
          { path: '/v1/x/already-redacted', status: 200, [FIELDS_REDACTED]: true },
          'request',
        ),
      ),
      0,
    );
    expect(line).toMatchObject({ path: '/v1/x/already-redacted', status: 200, msg: 'request' });
    expect(Object.keys(line)).not.toContain('Symbol(mnemo.log.fields-redacted)');
  });
});
