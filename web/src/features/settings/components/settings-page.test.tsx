// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { SettingsPage } from './settings-page';

const CONFIG = {
  providerName: 'Boone Valley Fiber',
  supportPhone: '(573)555-0100',
  webmailUrl: 'https://webmail.example',
  reportIssueEmail: 'issues@example.com',
  providerLinks: [],
  version: '2.7.25',
  copyrightYear: 2025,
};
const SERVER_THEME = {
  theme: { enableStyle: true, gradientDirection: 45, selectedColor1: '#123456', selectedColor2: '#654321' },
};

describe('the settings page and LOCAL_THEME_USER_IDS (SPEC §6)', () => {
  it('keeps a configured user’s theme in the browser, never asking or telling the server', async () => {
    const { requests } = stubFetch({
      'GET /api/config': { body: { ...CONFIG, localThemeUserIds: [77] } },
      'GET /api/settings': { body: SERVER_THEME },
      'PUT /api/settings': { body: SERVER_THEME },
    });
    const { user } = renderApp(<SettingsPage />, { claims: { nUserID: 77 } });
    expect(await screen.findByText(/Your theme is kept in this browser only/)).toBeInTheDocument();
    const direction = screen.getByLabelText('Gradient direction (degrees)');
    await waitFor(() => expect(direction).not.toBeDisabled());
    await user.clear(direction);
    await user.type(direction, '120');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('localTheme.77') ?? '{}')).toMatchObject({
        gradientDirection: 120,
      }),
    );
    expect(requests.filter((r) => r.path === '/api/settings')).toEqual([]);
  });

  it('loads and saves everyone else’s theme on the server', async () => {
    const { requests } = stubFetch({
      'GET /api/config': { body: { ...CONFIG, localThemeUserIds: [77] } },
      'GET /api/settings': { body: SERVER_THEME },
      'PUT /api/settings': { body: SERVER_THEME },
    });
    const { user } = renderApp(<SettingsPage />, { claims: { nUserID: 3 } });
    const direction = screen.getByLabelText('Gradient direction (degrees)');
    await waitFor(() => expect(direction).toHaveValue(45));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/settings')).toBe(true));
    expect(window.localStorage.getItem('localTheme.3')).toBeNull();
  });
});
