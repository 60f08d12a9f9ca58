import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** SPEC §9: a script chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The error a failed page chunk surfaces as, in the shape of webpack's well-known ChunkLoadError. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';

  constructor(
    readonly chunkName: string,
    readonly request: string,
    readonly type: 'error' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunkName} failed.\n(${request})`, options);
  }
}

/** Browsers name the module URL in their import() failure message; pull it out when they do. */
export function chunkUrlFrom(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(message)?.[1] ?? null;
}

/** Runs `load`, turning a failure or a load slower than `timeoutMs` into a ChunkLoadError. */
export function loadChunk<T>(
  chunkName: string,
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(chunkName, `timeout: ${chunkName}`, 'timeout'));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(
          new ChunkLoadError(chunkName, chunkUrlFrom(error) ?? `error: ${chunkName}`, 'error', {
            cause: error,
          }),
        );
      },
    );
  });
}

/** A lazily loaded page (or part of one) that can also be fetched ahead of its render (the same load). */
export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** The props of a module's component export. */
type PropsOf<C> = [C] extends [never] ? object : C extends ComponentType<infer P> ? P : object;

/** React.lazy for a module whose named export `exportName` is the component, failing as a ChunkLoadError. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  chunkName: string,
  load: () => Promise<M>,
  exportName: K,
): LazyPage<PropsOf<M[K]>> {
  type Props = PropsOf<M[K]>;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () =>
    (loading ??= loadChunk(chunkName, load).then((module) => ({
      default: module[exportName] as ComponentType<Props>,
    })));
  return Object.assign(lazy(start), { preload: start });
}
