import { Client } from 'pg';
import { copyIn } from './copy-in';
import { copyField } from './copy-text';
import { TEST_DATABASE_URL } from '../../../tests/support/servers';

describe('copyIn', () => {
  let client: Client;
  beforeEach(async () => {
    client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query('CREATE TEMP TABLE copied (n int NOT NULL, text text)');
  });
  afterEach(() => client.end());

  it('copies every row, in messages split at line ends, texts of any size and escapes intact', async () => {
    const texts = Array.from({ length: 3000 }, (_, i) => (i % 1000 === 7 ? 'x'.repeat(1_500_000) : `row ${i}\twith\\ escapes\n`));
    await copyIn(client, 'COPY copied (n, text) FROM STDIN', texts.map((text, i) => `${i}\t${copyField(text)}\n`));
    const { rows } = await client.query('SELECT n, text FROM copied ORDER BY n');
    expect(rows.map((r: { text: string }) => r.text)).toEqual(texts);
  });

  it("fails with the server's error and leaves the connection ready for the next query", async () => {
    await expect(copyIn(client, 'COPY copied (n, text) FROM STDIN', ['1\tfine\n', '\\N\tno number\n'])).rejects.toThrow(/null value in column "n"/);
    await expect(client.query('SELECT count(*)::int AS n FROM copied')).resolves.toMatchObject({ rows: [{ n: 0 }] });
  });
});
