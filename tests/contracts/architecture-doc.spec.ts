import { readFileSync } from 'node:fs';
import { ARCHITECTURE_DOC, renderArchitectureDoc } from '../support/architecture-doc';

describe('docs/architecture.md', () => {
  it('is what the generator makes of the code today', async () => {
    const generated = await renderArchitectureDoc();
    const committed = readFileSync(ARCHITECTURE_DOC, 'utf8');
    if (committed !== generated) {
      throw new Error(
        'docs/architecture.md is stale: the code changed its services, events, tables, routes or RPCs. Run `npm run docs:architecture` and commit the result.',
      );
    }
  });

  it('lists every service with what the registry and the code say of it', async () => {
    const doc = await renderArchitectureDoc();
    // A few facts that hold by construction of the code; if the scan breaks, these go missing.
    expect(doc).toMatch(
      /### cost-ledger[\s\S]*\*\*RPCs served\*\*: .*`mnemo\.rpc\.cost-ledger\.reserve`/,
    );
    expect(doc).toMatch(
      /### context[\s\S]*\*\*RPCs served\*\*: `mnemo\.rpc\.context\.claude-md`, `mnemo\.rpc\.context\.memory-block`/,
    );
    expect(doc).toMatch(/### compaction\n\n[^#]*\*\*Consumes\*\*: [^\n]*`SegmentPaused`/);
    expect(doc).toMatch(/### ingest\n\n[^#]*\*\*Owns tables\*\*: [^\n]*`turns`/);
    expect(doc).toMatch(/### memory\n\n[^#]*- `GET \/v1\/memories`/);
    expect(doc).toMatch(/### gateway\n\n[^#]*\*\*Produces\*\*: `AccountCreated`/);
  });
});
