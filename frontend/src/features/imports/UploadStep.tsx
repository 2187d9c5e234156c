import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Card } from '@/components/Card';
import { FieldError } from '@/components/forms';
import { showToast } from '@/components/toasts/store';
import { ApiError } from '@/lib/api-client';
import { importsApi, type Import } from './api';
import { CONTENT_TYPES, IMPORT_EXTENSIONS, MAX_IMPORT_BYTES } from './constants';
import { checkFile, contentTypeFor, formatBytes } from './file-checks';
import { uploadToStorage, UploadError } from './upload';

type Phase = 'idle' | 'uploading' | 'reading';

const ACCEPT = [...IMPORT_EXTENSIONS, ...Object.values(CONTENT_TYPES)].join(',');

/** The server's words when it named the problem (size, filename, upload), else ours. */
function failureMessage(error: unknown, t: TFunction): string | null {
  if (error instanceof UploadError) {
    return error.reason === 'aborted' ? null : t(`imports.upload.failed_${error.reason}`);
  }
  if (error instanceof ApiError) {
    const named = Object.values(error.fieldErrors ?? {}).flat();
    if (named.length > 0) return named.join(' ');
    if (error.status === 422 && error.message) return error.message;
  }
  return t('imports.upload.failed_refused');
}

/**
 * Step 1: drop or choose a .csv/.xlsx. The file is checked here first (type, empty, 50 MB),
 * then sent straight to storage by a presigned POST with a progress bar, then read by the server,
 * which answers what it detected.
 */
export function UploadStep({ onCreated }: { onCreated: (item: Import) => void }) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [fraction, setFraction] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const start = async (picked: File) => {
    setError(null);
    setFile(picked);
    const problem = checkFile(picked, i18n.language);
    if (problem) {
      setError(t(problem.key, problem.params));
      return;
    }
    setPhase('uploading');
    setFraction(0);
    abort.current = new AbortController();
    try {
      const ticket = await importsApi.requestUpload({
        filename: picked.name,
        size: picked.size,
        content_type: contentTypeFor(picked),
      });
      await uploadToStorage({
        url: ticket.url,
        fields: ticket.fields,
        file: picked,
        onProgress: setFraction,
        signal: abort.current.signal,
      });
      setPhase('reading');
      const item = await importsApi.create(ticket.upload_id);
      showToast({ type: 'success', title: t('imports.upload.ready', { name: picked.name }) });
      onCreated(item);
    } catch (failure) {
      setError(failureMessage(failure, t));
      setPhase('idle');
    } finally {
      abort.current = null;
      if (input.current) input.current.value = '';
    }
  };

  const pick = (files: FileList | null) => {
    const first = files?.[0];
    if (first && phase === 'idle') void start(first);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files);
  };
  const busy = phase !== 'idle';
  const percent = Math.round(fraction * 100);

  return (
    <Card as="div" testId="import-upload">
      <h2>{t('imports.upload.title')}</h2>
      <p className="muted">
        {t('imports.upload.intro', { max: formatBytes(MAX_IMPORT_BYTES, i18n.language) })}
      </p>
      <div
        className={`dropzone${dragging ? ' dropzone--active' : ''}`}
        data-testid="dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('imports.upload.drop')}</p>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => pick(event.target.files)}
        />
        <label htmlFor={inputId} className="button button--primary dropzone__choose">
          {t('imports.upload.choose')}
        </label>
        <p className="field-hint">{t('imports.upload.types')}</p>
      </div>
      {file && busy && (
        <div className="field" role="status" data-testid="upload-progress">
          <p>
            {phase === 'uploading'
              ? t('imports.upload.sending', {
                  name: file.name,
                  size: formatBytes(file.size, i18n.language),
                  percent,
                })
              : t('imports.upload.reading', { name: file.name })}
          </p>
          <progress
            className="progress"
            max={100}
            value={phase === 'uploading' ? percent : undefined}
            aria-label={t('imports.upload.progress')}
          />
          {phase === 'uploading' && (
            <button type="button" className="link-button" onClick={() => abort.current?.abort()}>
              {t('imports.upload.cancel')}
            </button>
          )}
        </div>
      )}
      <FieldError id={errorId} messages={error ? [error] : undefined} />
    </Card>
  );
}
