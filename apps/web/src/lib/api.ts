import axios, { AxiosError, type AxiosRequestConfig } from 'axios';

/** The one axios client of the app; every call goes under the /api base (SPEC §7). No timeout is set. */
export const api = axios.create({ baseURL: '/api', headers: { 'Content-Type': 'application/json' } });

/** The person a caregiver is viewing (their user id), or null for the signed-in user's own data. */
let actingFor: string | null = null;

/** Set by the person switcher (features/caregivers): from then on data calls are for that person. */
export function setActingFor(personId: string | null): void {
  actingFor = personId;
}

/** The account's own routes: never on someone else's behalf, whoever is being viewed. */
const OWN_ACCOUNT =
  /^\/?(?:api\/)?(?:identity|auth|settings|caregivers|tokens|shares|webhooks|user|onboarding|public)(?:[/?]|$)/;

// A caregiver's calls carry the person's id (DESIGN "Caregivers"); the server checks the grant on each one.
api.interceptors.request.use((config) => {
  if (actingFor && !OWN_ACCOUNT.test(config.url ?? '')) config.headers.set('X-Person-Id', actingFor);
  return config;
});

interface DataEnvelope<T> {
  data: T;
}

export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await api.get<DataEnvelope<T>>(url, config);
  return response.data.data;
}

export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await api.post<DataEnvelope<T>>(url, body, config);
  return response.data.data;
}

export async function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await api.put<DataEnvelope<T>>(url, body, config);
  return response.data.data;
}

export async function apiDelete<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await api.delete<DataEnvelope<T>>(url, config);
  return response.data.data;
}

/** An error as the API's `{"error": {code, message}}` envelope describes it. */
export interface ApiError {
  code: string;
  message: string;
  status?: number;
  /** The envelope's `details`, when the server sent any (e.g. the formats a 415 lists). */
  details?: unknown;
}

function isErrorEnvelope(
  body: unknown,
): body is { error: { code: string; message: string; details?: unknown } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Turns anything thrown by an API call into `{code, message}`; network failures get code `network`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AxiosError) {
    const status = error.response?.status;
    const body: unknown = error.response?.data;
    if (isErrorEnvelope(body)) {
      const { code, message, details } = body.error;
      return details === undefined ? { code, message, status } : { code, message, status, details };
    }
    if (!error.response)
      return { code: 'network', message: 'Cannot reach the server. Check your connection.' };
    return { code: 'http', message: error.message, status };
  }
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : 'unknown', message: error.message };
  }
  return { code: 'unknown', message: String(error) };
}
