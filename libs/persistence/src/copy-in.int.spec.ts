import { Client } from 'pg';
import { copyIn } from './copy-in';
import { CopyRows, copyField } from './copy-text';
import { TEST_DATABASE_URL } from '../../../tests/support/servers';

describe('copyIn', () => {
  let client: Client;
  beforeEach(async () => {
    client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query('CREATE TEMP TABLE copied (n int NOT NULL, text text)');
  });
  afterEach(() => client.end());

  const rowsOf = (texts: string[]) => {
    const rows = new CopyRows();
    texts.forEach((text, i) => rows.add(`${i}\t${copyField(text)}\n`));
    return rows;
  };
  const copiedTexts = async () =>
    (await client.query('SELECT text FROM copied ORDER BY n')).rows.map(
      (r: { text: string }) => r.text,
    );

  it('copies every row, texts of any size, escapes and characters of several bytes intact', async () => {
    const texts = Array.from({ length: 3000 }, (_, i) =>
      i % 1000 === 7 ? 'ü'.repeat(700_000) : `row ${i}\twith\\ escapes\r\n, ünïcode and 😀`,
    );
    await copyIn(client, 'COPY copied (n, text) FROM STDIN', rowsOf(texts).bytes());
    await expect(copiedTexts()).resolves.toEqual(texts);
  });

  it('splits the rows into messages anywhere, inside a row and inside a character', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `row ${i}: ünïcode 😀 and\ttabs`);
    await copyIn(client, 'COPY copied (n, text) FROM STDIN', rowsOf(texts).bytes(), 7);
    await expect(copiedTexts()).resolves.toEqual(texts);
  });

  it("fails with the server's error and leaves the connection ready for the next query", async () => {
    const rows = new CopyRows();
    rows.add('1\tfine\n');
    rows.add('\\N\tno number\n');
    await expect(copyIn(client, 'COPY copied (n, text) FROM STDIN', rows.bytes())).rejects.toThrow(
      /null value in column "n"/,
    );
    await expect(client.query('SELECT count(*)::int AS n FROM copied')).resolves.toMatchObject({
      rows: [{ n: 0 }],
    });
  });
});
