import type { ShellConfig } from '@strand/domain';
import { describe, expect, it } from 'vitest';
import { loadShellConfig, readKeptShellConfig } from './shell-config';
import { memoryStorage, STORAGE_KEYS } from './storage';

const CONFIG: ShellConfig = {
  providerName: 'Boone Valley Fiber',
  supportPhone: '(573)555-0100',
  webmailUrl: 'https://webmail.example',
  reportIssueEmail: 'issues@example.org',
  providerLinks: [{ label: 'Home', url: 'https://example.org' }],
  version: '2.7.25',
  copyrightYear: 2025,
};

describe('shell config kept for offline reloads', () => {
  it('keeps the last answer and answers with it when the fetch fails', async () => {
    const storage = memoryStorage();
    expect(await loadShellConfig(async () => CONFIG, storage)).toEqual(CONFIG);
    expect(readKeptShellConfig(storage)).toEqual(CONFIG);
    const offline = () => Promise.reject(new Error('offline'));
    expect(await loadShellConfig(offline, storage)).toEqual(CONFIG);
  });

  it('fails as the fetch did when nothing usable is kept', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.shellConfig]: '{not json' });
    await expect(loadShellConfig(() => Promise.reject(new Error('offline')), storage)).rejects.toThrow('offline');
  });
});
