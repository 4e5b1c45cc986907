/**
 * /search/{WOId}/photo (SPEC §2 photo upload, §5 limits, §8 messages): take or choose photos, name and describe
 * them, and upload. Every photo goes through the outbox first, so an upload that is cut off, or taken offline, is
 * kept on the device and sent later, exactly once.
 */
import { cameraFileName, checkPhotoSelection, PHOTO_OFFLINE_MESSAGE } from '@strand/domain';
import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/browser-session';
import { lastSearchPath } from '../../../lib/last-search';
import { photoOutbox, useOutbox } from '../../../lib/offline/offline-runtime';
import { FormAlert } from '../../../lib/ui/form-alert';
import { InstallerOnly } from '../../../lib/ui/installer-only';
import { usePageTitle } from '../../../lib/ui/page-title';
import { TextField } from '../../../lib/ui/text-field';
import { type ChosenPhoto, fileSize, outboxItemsFor } from '../lib/photo-items';
import '../../../styles/offline.css';
import { Button, ButtonLabel } from '../../../lib/ui/button';
import { ButtonLink } from '../../../lib/ui/button-link';

export function PhotoPage() {
  const { WOId = '' } = useParams();
  usePageTitle(`Upload photos · Work Order #${WOId}`);
  return (
    <InstallerOnly title="Upload a Photo">
      {/^\d{1,9}$/.test(WOId) ? (
        <PhotoForm workOrderId={Number(WOId)} />
      ) : (
        <section className="page">
          <h1>Upload a Photo</h1>
          <p className="alert alert--error">There is no work order #{WOId}.</p>
        </section>
      )}
    </InstallerOnly>
  );
}

function PhotoForm({ workOrderId }: { workOrderId: number }) {
  const { claims } = useSession();
  const outbox = useOutbox();
  const cameraId = useId();
  const galleryId = useId();
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [fileName, setFileName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [batch, setBatch] = useState<string[]>([]);

  const total = photos.reduce((sum, p) => sum + p.size, 0);
  const mine = useMemo(() => outbox.items.filter((i) => batch.includes(i.id)), [outbox.items, batch]);
  const sending = mine.some((i) => i.state === 'sending');
  const batchBytes = mine.reduce((sum, i) => sum + i.sizeBytes, 0);
  const sentBytes = mine.reduce(
    (sum, i) => sum + (i.state === 'sent' ? i.sizeBytes : Math.min(outbox.progress[i.id] ?? 0, i.sizeBytes)),
    0,
  );
  // Items of this batch that left the outbox arrived (the queue clears sent items once it has drained).
  const arrived = batch.length > 0 && mine.length === 0;
  const failed = mine.filter((i) => i.state === 'failed');
  const retrying = mine.filter((i) => i.state === 'waiting' && i.error);
  const inFlight = mine.some((i) => i.state === 'waiting' || i.state === 'sending');

  const add = (files: FileList | null, fromCamera: boolean) => {
    if (!files) return;
    const now = Date.now();
    const added = [...files].map((file, i) => ({
      key: crypto.randomUUID(),
      file,
      name: fromCamera ? cameraFileName(new Date(now + i)) : file.name,
      size: file.size,
      type: file.type,
    }));
    const next = [...photos, ...added];
    setPhotos(next);
    setError(checkPhotoSelection(next));
    setNotice(null);
  };
  const onPick = (fromCamera: boolean) => (e: ChangeEvent<HTMLInputElement>) => {
    add(e.target.files, fromCamera);
    e.target.value = '';
  };
  const remove = (index: number) => {
    const next = photos.filter((_, i) => i !== index);
    setPhotos(next);
    setError(next.length > 0 ? checkPhotoSelection(next) : null);
  };

  const upload = async () => {
    const problem = checkPhotoSelection(photos);
    if (problem || !claims) {
      setError(problem);
      return;
    }
    const offline = !navigator.onLine;
    const items = outboxItemsFor(
      photos,
      { workOrderId, userId: claims.nUserID, fileName, description, offline },
      new Date(),
      () => crypto.randomUUID(),
    );
    try {
      await photoOutbox.add(items);
    } catch {
      setError('The photos could not be kept on this device (is its storage full?). Nothing was uploaded.');
      return;
    }
    setBatch(items.map((i) => i.id));
    setPhotos([]);
    setFileName('');
    setDescription('');
    setError(null);
    if (offline) {
      setNotice(PHOTO_OFFLINE_MESSAGE);
      return;
    }
    setNotice(null);
    await photoOutbox.drain();
  };

  return (
    <section className="page photo-page" aria-labelledby="photo-heading">
      <h1 id="photo-heading">Upload photos · Work Order #{workOrderId}</h1>
      <div className="actions">
        <ButtonLink variant="secondary" to={`/search/${workOrderId}`}>
          Go back to WO #{workOrderId}
        </ButtonLink>
        <ButtonLink variant="secondary" to={lastSearchPath()}>
          Go back to search results
        </ButtonLink>
        <ButtonLink variant="secondary" to={`/search/${workOrderId}/attachments`}>
          Go to Attachments Page
        </ButtonLink>
      </div>

      <div className="photo-pickers">
        <input
          id={cameraId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          onChange={onPick(true)}
        />
        <ButtonLabel className="photo-picker" htmlFor={cameraId}>
          Use camera
        </ButtonLabel>
        <input
          id={galleryId}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          onChange={onPick(false)}
        />
        <ButtonLabel className="photo-picker" htmlFor={galleryId}>
          Select from gallery
        </ButtonLabel>
      </div>

      {photos.length > 0 && (
        <ul className="photo-list" aria-label="Chosen photos">
          {photos.map((p, i) => (
            <li key={p.key} className="photo-list__item">
              <span className="photo-list__name">{p.name}</span>
              <span className="muted">{fileSize(p.size)}</span>
              <Button type="button" variant="secondary" onClick={() => remove(i)}>
                Remove <span className="visually-hidden">{p.name}</span>
              </Button>
            </li>
          ))}
          <li className="photo-list__total">Total: {fileSize(total)}</li>
        </ul>
      )}

      <form
        className="stack photo-form"
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <TextField label="File name" value={fileName} onValueChange={setFileName} maxLength={100} />
        <div className="field">
          <label htmlFor={`${galleryId}-desc`}>File description</label>
          <textarea
            id={`${galleryId}-desc`}
            value={description}
            maxLength={500}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <FormAlert message={error} />
        <Button type="submit" disabled={photos.length === 0 || sending}>
          Upload photo(s)
        </Button>
      </form>

      {inFlight && !notice && batchBytes > 0 && (
        <div className="photo-progress">
          <label htmlFor={`${galleryId}-progress`}>Uploading {mine.length} photo(s)</label>
          <progress id={`${galleryId}-progress`} max={batchBytes} value={sentBytes} />
        </div>
      )}
      <FormAlert message={notice} tone="success" />
      {arrived && <FormAlert message="Photo(s) uploaded." tone="success" />}
      {failed.map((i) => (
        <FormAlert
          key={i.id}
          message={i.error?.includes(i.fileName) ? i.error : `${i.fileName}: ${i.error ?? 'Upload failed'}`}
        />
      ))}
      {retrying.length > 0 && !notice && (
        <p className="alert alert--error" role="status">
          {retrying[0]?.error}. The photo(s) are kept on this device and will be sent again automatically.
        </p>
      )}
    </section>
  );
}
