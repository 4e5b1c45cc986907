// @vitest-environment happy-dom
import { TV_MIDDLEWARE_DOWN_MESSAGE } from '@strand/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubFetch } from '../../../test/render-app';
import { TvSection } from './tv-section';

const TV = {
  appName: 'Boone Valley Fiber TV',
  packages: [
    { PackageName: 'Streaming TV Plus', fullAddress: '1101 E Broadway, Columbia, MO 65201', StartDate: '2026-07-27' },
  ],
};

describe('the TV section', () => {
  it('keeps the sign-in masked and says so plainly when the TV middleware is down', async () => {
    stubFetch({
      'GET /api/customer/services/tv': { body: TV },
      'POST /api/customer/services/tv/credentials/reveal': {
        status: 503,
        body: { error: { code: 'tv_middleware_unavailable', message: TV_MIDDLEWARE_DOWN_MESSAGE } },
      },
    });
    const { user } = renderApp(<TvSection />, { claims: {} });
    await user.click(await screen.findByRole('button', { name: 'Show sign-in' }));
    expect(await screen.findByText(TV_MIDDLEWARE_DOWN_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('tv-password')).toHaveTextContent('••••••••••');
    expect(screen.getByRole('button', { name: 'Show sign-in' })).toBeEnabled();
  });

  it('shows the credentials the server got from the middleware', async () => {
    stubFetch({
      'GET /api/customer/services/tv': { body: TV },
      'POST /api/customer/services/tv/credentials/reveal': {
        body: { username: 'tv100030000001', password: 'abcd-efgh-jkmn', issuedAt: '2026-01-01T00:00:00.000Z' },
      },
    });
    const { user } = renderApp(<TvSection />, { claims: {} });
    await user.click(await screen.findByRole('button', { name: 'Show sign-in' }));
    expect(await screen.findByText('abcd-efgh-jkmn')).toBeInTheDocument();
    expect(screen.getByTestId('tv-username')).toHaveTextContent('tv100030000001');
  });
});
