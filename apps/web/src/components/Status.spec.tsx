import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorText, Status, when } from './Status';

describe('Status and ErrorText', () => {
  it('keeps the polite live region in the page even when there is nothing to say', () => {
    expect(renderToStaticMarkup(<Status message={null} />)).toBe(
      '<p role="status" class="status"></p>',
    );
    expect(renderToStaticMarkup(<Status message="Memory saved." />)).toContain('Memory saved.');
  });

  it('raises an alert only when something went wrong', () => {
    expect(renderToStaticMarkup(<ErrorText error={null} />)).toBe('');
    expect(renderToStaticMarkup(<ErrorText error="stream answered 503" />)).toBe(
      '<p role="alert" class="error">stream answered 503</p>',
    );
  });

  it('shows a dash for a time that is not there', () => {
    expect(when(null)).toBe('—');
    expect(when(undefined)).toBe('—');
    expect(when('2026-12-01T12:00:00.000Z')).not.toBe('—');
  });
});
