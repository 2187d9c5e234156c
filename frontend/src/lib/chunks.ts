import { CHUNK_TIMEOUT_MS } from '@/config/constants';

const RELOAD_FLAG = 'almoner_chunk_reload';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Loading chunk|dynamically imported module|Importing a module script failed|chunk timeout/i.test(
    message,
  );
}

/**
 * A script chunk that fails to load (new deploy, network, or the 120 s timeout) reloads the page
 * once; the flag stops a reload loop when the chunk is really gone.
 */
export function reloadForChunkError(): void {
  if (window.sessionStorage.getItem(RELOAD_FLAG)) return;
  window.sessionStorage.setItem(RELOAD_FLAG, '1');
  window.location.reload();
}

export function chunkLoaded(): void {
  window.sessionStorage.removeItem(RELOAD_FLAG);
}

export async function loadChunk<T>(importer: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk timeout')), CHUNK_TIMEOUT_MS);
  });
  try {
    const module = await Promise.race([importer(), timeout]);
    chunkLoaded();
    return module;
  } catch (error) {
    if (isChunkLoadError(error)) reloadForChunkError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
