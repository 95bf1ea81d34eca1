import { PROFILE_MAX_CHARS } from '@mnemo/llm';
import { PROFILE_SYSTEM, profileMessage } from './profile-prompt';

describe('the profile prompt', () => {
  it('fences the sources as data and asks for the profile after them', () => {
    const message = profileMessage(['artifact one', 'fact two']);
    expect(message).toContain('<sources>\nartifact one\n\n---\n\nfact two\n</sources>');
    expect(message.endsWith('Write the core profile.')).toBe(true);
  });

  it('asks for the length the profile is clipped to, and the five parts', () => {
    expect(PROFILE_SYSTEM).toContain(
      `about ${PROFILE_MAX_CHARS.toLocaleString('en-US')} characters`,
    );
    for (const part of [
      'Themes and values:',
      'Goals:',
      'Key facts:',
      'Tensions:',
      'Open questions:',
    ])
      expect(PROFILE_SYSTEM).toContain(`**${part}**`);
  });
});
