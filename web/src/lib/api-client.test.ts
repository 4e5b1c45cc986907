import { describe, expect, it } from 'vitest';
import { ApiError, errorFrom, fileNameFrom } from './api-client';

describe('the API client', () => {
  it('reads the file name of a download, the RFC 5987 form first', () => {
    expect(fileNameFrom('attachment; filename="invoice-42.pdf"')).toBe('invoice-42.pdf');
    expect(fileNameFrom('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFrom(`attachment; filename="Rechnung.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`)).toBe(
      'Rechnung März.pdf',
    );
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E2%82%AC-report.csv`)).toBe('€-report.csv');
    expect(fileNameFrom(`attachment; filename="plain.pdf"; filename*=UTF-8''%E2%28bad`)).toBe('plain.pdf');
    expect(fileNameFrom('inline')).toBeNull();
    expect(fileNameFrom(null)).toBeNull();
  });

  it('maps a refusal to an ApiError with the server’s message and fields, else a plain one', () => {
    const refused = errorFrom(400, { error: { code: 'validation_failed', message: 'No.', fields: { a: 'A.' } } }, '');
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'validation_failed', message: 'No.', fields: { a: 'A.' } });
    expect(errorFrom(502, '<html>', 'Bad Gateway')).toMatchObject({
      code: 'http_error',
      message: 'The server had a problem. Please try again later.',
    });
    expect(errorFrom(404, undefined, 'Not Found').message).toBe('Not Found');
  });
});
