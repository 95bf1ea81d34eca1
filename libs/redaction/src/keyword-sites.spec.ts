import { redact } from './redact';
import { plantedSecrets } from './secret-samples';

describe('provider and secret names inside JSON-encoded text', () => {
  const heroku = plantedSecrets('escaped').heroku_api_key;

  it.each(['\\n', '\\t', '\\r\\n'])(
    'finds a heroku key after an escaped %s, as a tool input stored as JSON holds it',
    (escape) => {
      const uuid = heroku.secrets[0];
      const text = JSON.stringify({
        command: `echo "a${escape.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\r/g, '\r')}heroku says ${uuid}"`,
      });
      expect(text).toContain(`${escape}heroku`);
      expect(redact(text).text).not.toContain(uuid);
    },
  );

  it('still reads a name that merely starts with n, t or r', () => {
    expect(redact('nheroku 9aeb5c7e-0d39-4ac9-a3a6-080436bfc48c').text).toContain('080436bfc48c');
    expect(redact('my_token = "Zq8xWv3kLp9rTn2bYc7dMf4h"').text).toContain('[REDACTED:');
  });
});

describe('a random value that holds a short name', () => {
  it.each(['c1UyI1hVIKjgMjA7PWBmfSlMavv7yoNR', '6jJlAmKg7o4pwkSj7TsdT58eeJg0xvPW'])(
    'is the value of the name before it, not a name of its own (%s holds pw)',
    (value) => {
      const { text, findings } = redact(`the signing secret is ${value}`);
      expect(text).not.toContain(value);
      expect(findings.map((f) => f.kind)).toEqual(['high_entropy']);
    },
  );
});
