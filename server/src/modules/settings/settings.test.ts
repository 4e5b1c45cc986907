import { DEFAULT_THEME } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const theme = { enableStyle: true, gradientDirection: 90, selectedColor1: '#112233', selectedColor2: '#AABBCC' };

describe('GET /api/settings', () => {
  it('gives the default theme (a 270-degree gradient) to a user who saved none', async () => {
    const res = await t.request({ method: 'GET', url: '/api/settings', token: await t.login('residential') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ theme: { ...DEFAULT_THEME, gradientDirection: 270 } });
  });

  it('refuses an anonymous caller', async () => {
    expect((await t.request({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('saves the theme of the signed-in user only', async () => {
    const token = await t.login('contractor');
    const saved = await t.request({ method: 'PUT', url: '/api/settings', token, payload: { theme } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().theme).toEqual({ ...theme, selectedColor2: '#aabbcc' });
    const read = await t.request({ method: 'GET', url: '/api/settings', token });
    expect(read.json().theme.gradientDirection).toBe(90);
    const other = await t.request({ method: 'GET', url: '/api/settings', token: await t.login('contractor1') });
    expect(other.json().theme.gradientDirection).toBe(270);
  });

  it('names each bad field and stores nothing', async () => {
    const token = await t.login('business');
    const res = await t.request({
      method: 'PUT',
      url: '/api/settings',
      token,
      payload: { theme: { ...theme, gradientDirection: 400, selectedColor1: 'red' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'theme.gradientDirection': 'Gradient direction must be 0 to 360 degrees.',
      'theme.selectedColor1': 'Color must be a hex color like #1a2b3c.',
    });
    const read = await t.request({ method: 'GET', url: '/api/settings', token });
    expect(read.json().theme.gradientDirection).toBe(270);
  });
});
