import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { checkAttachmentUpload, cleanFileName } from './uploads.js';

// The smallest valid PNG (1x1) and PDF headers that file-type recognises by their magic bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TEXT = Buffer.from('just text, not an image');
const check = {
  accepted: ['image/png'],
  refused: (file: string) => `${file} is not an image.`,
  fallbackStem: 'photo',
  noneSent: 'Choose at least one photo to upload.',
  image: { maxSidePixels: 12_000, maxPixels: 50_000_000 },
};
const file = (fieldName: string, fileName: string, bytes: Buffer) => ({ fieldName, fileName, bytes });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('cleanFileName', () => {
  it('keeps the last path part without control characters or quotes, with the detected extension', () => {
    expect(cleanFileName('C:\\photos\\front "door".jpeg', 'png', 'photo-1')).toBe('front door.png');
    expect(cleanFileName('../../etc/passwd', 'pdf', 'upload-1')).toBe('passwd.pdf');
    expect(cleanFileName('\u0001\u0002', 'png', 'photo-2')).toBe('photo-2.png');
    expect(cleanFileName('x'.repeat(300), 'png', 'p')).toBe(`${'x'.repeat(100)}.png`);
  });
});

describe('checkAttachmentUpload', () => {
  it('names each file by FileName, numbered when there are several, with the type found in its content', async () => {
    const { files, description } = await checkAttachmentUpload(
      [file('file_0', 'a.txt', PNG), file('file_1', 'b.gif', PNG)],
      { FileName: ' Meter ', FileDescription: '  north wall ' },
      check,
    );
    expect(description).toBe('north wall');
    expect(files.map((f) => [f.name, f.mime, f.ext])).toEqual([
      ['Meter-1.png', 'image/png', 'png'],
      ['Meter-2.png', 'image/png', 'png'],
    ]);
  });

  it('refuses a file whose content is not accepted, naming its field, whatever its name says', async () => {
    const error = await refusal(checkAttachmentUpload([file('file_3', 'fake.png', TEXT)], {}, check));
    expect(error.statusCode).toBe(400);
    expect(error.fields).toEqual({ file_3: 'fake.png is not an image.' });
  });

  it('refuses no file, a description over 500 and a name over 100 characters', async () => {
    expect((await refusal(checkAttachmentUpload([], {}, check))).message).toBe(check.noneSent);
    const long = await refusal(
      checkAttachmentUpload([file('file_0', 'a', PNG)], { FileDescription: 'd'.repeat(501) }, check),
    );
    expect(long.fields).toHaveProperty('FileDescription');
    const name = await refusal(checkAttachmentUpload([file('file_0', 'a', PNG)], { FileName: 'n'.repeat(101) }, check));
    expect(name.fields).toHaveProperty('FileName');
  });
});
