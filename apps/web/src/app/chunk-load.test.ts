import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-load';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('wraps a failed import in a ChunkLoadError naming the URL', async () => {
    const failing = () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/LoginPage-abc.js'),
      );
    const error: unknown = await loadChunk('LoginPage', failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect((error as Error).message).toBe(
      'Loading chunk LoginPage failed.\n(http://x.test/assets/LoginPage-abc.js)',
    );
  });

  it('fails a chunk that takes longer than 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('DashboardPage', () => new Promise<never>(() => undefined));
    const settled = pending.catch((e: unknown) => e);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    const error = await settled;
    expect(error).toMatchObject({ name: 'ChunkLoadError', type: 'timeout' });
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk('About', () => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });
});
