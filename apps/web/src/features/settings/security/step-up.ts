import { httpClient } from '../../../lib/api';
import { HttpError, type RequestConfig } from '../../../lib/http';

/** Asks the person to confirm it's them; true once they did (the server then counts the session as fresh). */
type StepUpPrompt = () => Promise<boolean>;

let prompt: StepUpPrompt | null = null;
let installed = false;

/** The dialog that asks (StepUpDialog) registers itself while it is mounted. */
export function setStepUpPrompt(next: StepUpPrompt | null): void {
  prompt = next;
}

async function errorCode(data: unknown): Promise<string | undefined> {
  let body = data;
  // Downloads (the export) ask for a Blob: the error envelope arrives as one too.
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      body = JSON.parse(await data.text()) as unknown;
    } catch {
      return undefined;
    }
  }
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Sensitive calls (export, account deletion, changes to sign-in factors) answer 403
 * `auth/step-up-required` when the session has not verified a factor in the last five minutes: the
 * person is asked to confirm (code or password) and the call is made again, once.
 */
export function installStepUp(): void {
  if (installed) return;
  installed = true;
  httpClient.hooks.onResponseError.push(async (error: unknown) => {
    if (!(error instanceof HttpError) || error.response?.status !== 403 || !prompt) throw error;
    const config: RequestConfig & { stepUpRetried?: boolean } = error.config;
    if (config.stepUpRetried) throw error;
    if ((await errorCode(error.response.data)) !== 'auth/step-up-required') throw error;
    if (!(await prompt())) throw error;
    const retry: RequestConfig & { stepUpRetried: boolean } = { ...config, stepUpRetried: true };
    return httpClient.request(retry);
  });
}
