import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConfirmDialog } from './ConfirmDialog';

const dialog = () =>
  renderToStaticMarkup(
    <ConfirmDialog
      open
      title="Delete this memory?"
      confirmLabel="Delete"
      onConfirm={() => {}}
      onCancel={() => {}}
    >
      <p>It will no longer be used.</p>
    </ConfirmDialog>,
  );

describe('ConfirmDialog', () => {
  it('is labelled by its title', () => {
    const html = dialog();
    const labelledBy = /<dialog aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}">Delete this memory?</h2>`);
  });

  it('offers Cancel first, focused, so Enter does not confirm by accident', () => {
    const buttons = dialog().match(/<button[^>]*>[^<]*<\/button>/g);
    expect(buttons).toEqual([
      '<button type="button" class="quiet" autofocus="">Cancel</button>',
      '<button type="button" class="danger">Delete</button>',
    ]);
  });
});
