import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_FILE_BYTES } from '../constants.js';
import { cameraFileName, checkPhotoSelection, PHOTO_LIMIT_MESSAGE } from './photos.js';

const img = (size: number, type = 'image/jpeg', name = 'a.jpg') => ({ name, size, type });

describe('checkPhotoSelection', () => {
  it('accepts images within 10 MB each and 20 MB together', () => {
    expect(checkPhotoSelection([img(PHOTO_MAX_FILE_BYTES), img(PHOTO_MAX_FILE_BYTES)])).toBeNull();
  });

  it('refuses an image over 10 MB, or more than 20 MB together, with SPEC’s message and the total', () => {
    expect(checkPhotoSelection([img(PHOTO_MAX_FILE_BYTES + 1)])).toBe(`${PHOTO_LIMIT_MESSAGE}. Total size: 10.0 MB.`);
    expect(checkPhotoSelection([img(8 * 1_048_576), img(8 * 1_048_576), img(5 * 1_048_576)])).toBe(
      `${PHOTO_LIMIT_MESSAGE}. Total size: 21.0 MB.`,
    );
  });

  it('refuses a file that is not an image, and an empty selection', () => {
    expect(checkPhotoSelection([img(10, 'application/pdf', 'plan.pdf')])).toBe('plan.pdf is not an image.');
    expect(checkPhotoSelection([])).toBe('Choose at least one photo.');
  });

  it('names a camera photo mobile_{timestamp}.png', () => {
    expect(cameraFileName(new Date(1_767_225_600_000))).toBe('mobile_1767225600000.png');
  });
});
