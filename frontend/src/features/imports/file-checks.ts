import { DATE_LOCALE_TAGS, DEFAULT_LOCALE, type Locale } from '@/config/constants';
import { CONTENT_TYPES, IMPORT_EXTENSIONS, MAX_IMPORT_BYTES } from './constants';

type Extension = (typeof IMPORT_EXTENSIONS)[number];

export interface FileProblem {
  /** Translation key of the message. */
  key: 'imports.upload.wrong_type' | 'imports.upload.too_large' | 'imports.upload.empty';
  params: Record<string, string>;
}

export function extensionOf(name: string): Extension | null {
  const lower = name.trim().toLowerCase();
  return IMPORT_EXTENSIONS.find((extension) => lower.endsWith(extension)) ?? null;
}

/** "61.2 MB", "820 kB", "12 bytes" in the reader's number format (1 MB = 1,048,576 bytes). */
export function formatBytes(bytes: number, locale: string): string {
  const tag = DATE_LOCALE_TAGS[(locale in DATE_LOCALE_TAGS ? locale : DEFAULT_LOCALE) as Locale];
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(tag, { maximumFractionDigits: digits }).format(value);
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024), 1)} MB`;
  if (bytes >= 1024) return `${number(bytes / 1024, 0)} kB`;
  return `${number(bytes, 0)} bytes`;
}

/**
 * What stops a file before anything is sent: only .csv and .xlsx, never empty, at most 50 MB
 * (S3 would refuse a larger one only after the whole upload; telling the user first saves it).
 */
export function checkFile(
  file: { name: string; size: number },
  locale: string,
  maxBytes: number = MAX_IMPORT_BYTES,
): FileProblem | null {
  if (!extensionOf(file.name)) {
    return { key: 'imports.upload.wrong_type', params: { name: file.name } };
  }
  if (file.size === 0) return { key: 'imports.upload.empty', params: { name: file.name } };
  if (file.size > maxBytes) {
    return {
      key: 'imports.upload.too_large',
      params: {
        name: file.name,
        size: formatBytes(file.size, locale),
        max: formatBytes(maxBytes, locale),
      },
    };
  }
  return null;
}

/** The type S3 stores the object with: the browser's own guess, else the one of the extension. */
export function contentTypeFor(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = extensionOf(file.name);
  return extension ? CONTENT_TYPES[extension] : 'application/octet-stream';
}
