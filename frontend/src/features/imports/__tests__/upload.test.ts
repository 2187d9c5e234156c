import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageFailure, uploadForm, uploadToStorage, UploadError } from '../upload';

/** A stand-in XMLHttpRequest that records what is sent and answers as told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer = { status: 204, body: '' };
  method = '';
  url = '';
  sent: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.sent = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    this.onload?.();
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.answer = { status: 204, body: '' };
});

describe('upload to storage', () => {
  it('puts every policy field first and the file last', () => {
    const form = uploadForm(
      { key: 'uploads/t/u', policy: 'p', 'x-amz-signature': 's' },
      new Blob(['a']),
      'a.csv',
    );
    expect([...form.keys()]).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect((form.get('file') as File).name).toBe('a.csv');
  });

  it('posts to the presigned URL and reports progress up to the end', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    await uploadToStorage({
      url: 'https://files.example/bucket',
      fields: { key: 'k' },
      file: new File(['x'], 'gifts.csv'),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.url).toBe('https://files.example/bucket');
    expect(progress).toEqual([0.5, 1]);
  });

  it('explains a refusal for size apart from other refusals', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 400,
      body: '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
    };
    const upload = uploadToStorage({ url: 'u', fields: {}, file: new File(['x'], 'a.csv') });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({ reason: 'too_large' });
    expect(
      storageFailure(
        403,
        '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      ),
    ).toBe('expired');
    expect(storageFailure(500, 'oops')).toBe('refused');
  });
});
