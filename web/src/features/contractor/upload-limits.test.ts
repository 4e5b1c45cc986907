import { describe, expect, it } from 'vitest';
import { uploadProblem } from './upload-limits';

const MB = 1_048_576;

describe('upload limits', () => {
  it('accepts up to 10 MB a file and 20 MB in all', () => {
    expect(uploadProblem([{ size: 10 * MB }, { size: 10 * MB }])).toBeNull();
  });

  it('refuses a file over 10 MB or a submission over 20 MB, with the total size', () => {
    const message = 'Some files seem to be invalid. Max size allowed: 10 MB per image, 20MB per submission';
    expect(uploadProblem([{ size: 10 * MB + 1 }])).toBe(`${message}. Total size: 10.0 MB.`);
    expect(uploadProblem([{ size: 8 * MB }, { size: 8 * MB }, { size: 5 * MB }])).toBe(
      `${message}. Total size: 21.0 MB.`,
    );
  });

  it('refuses more than 10 files', () => {
    expect(uploadProblem(Array.from({ length: 11 }, () => ({ size: 1 })))).toBe('Upload at most 10 files at a time.');
  });
});
