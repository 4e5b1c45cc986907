import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.js';

describe('error handler', () => {
  it('answers 400 when PostgreSQL refuses a value of the request (an id beyond its integer column, a NUL in text)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/id', async () => {
      throw Object.assign(new Error('value "9007199254740991" is out of range for type integer'), { code: '22003' });
    });
    app.get('/nul', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const res = await app.inject({ method: 'GET', url: '/id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'A number in the request is out of range.',
    });
    expect(res.body).not.toContain('9007199254740991');
    expect((await app.inject({ method: 'GET', url: '/nul' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
