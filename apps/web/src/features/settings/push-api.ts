import { api } from '../../lib/api';

export const fetchPushStatus = () => api.get('/api/push');
export const sendTestPush = () => api.post('/api/push/test');

/** What this browser can do about push notifications. */
export type PushAvailability = 'unsupported' | 'blocked' | 'available';

export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined' || !window.isSecureContext) return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : 'available';
}

/** The applicationServerKey as the Push API takes it: the key's bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, through the service worker; null when it has none. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Why this browser could not be subscribed; the component says it in the person's language. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'blocked' | 'unreachable') {
    super(reason === 'blocked' ? 'Notification permission not granted' : 'Push service unreachable');
  }
}

/**
 * Asks the person's permission, subscribes this browser with the server's key and stores the subscription
 * on the server. A PushSetupError's `reason` says what went wrong.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError('blocked');
  }
  const registration = await navigator.serviceWorker.ready;
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    throw new PushSetupError('unreachable');
  }
  // A subscription made with a server key always has both; one without them is none the server can use.
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushSetupError('unreachable');
  await api.post('/api/push/subscriptions', {
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  return subscription.endpoint;
}

/** Removes this browser's subscription, at the server and in the browser. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api
    .delete('/api/push/subscriptions', { body: { endpoint: subscription.endpoint } })
    .catch((error: unknown) => {
      // Already gone at the server (removed after a 410): still unsubscribe here.
      if ((error as { response?: { status?: number } }).response?.status !== 404) throw error;
    });
  await subscription.unsubscribe();
}
