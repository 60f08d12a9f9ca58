import type { ActionPurpose } from './action-codes';
import type { ActionCodeRow } from './action-codes.repository';
import type { ClientInfo } from './client';
import type { Identity } from './identity';
import { REQUEST_LIMITS } from './throttle';

/** Looks a mailed code up. Codes are unguessable, but wrong ones are still counted per client address. */
export async function checkCode(
  identity: Identity,
  code: string,
  purpose: ActionPurpose,
  client: ClientInfo,
): Promise<ActionCodeRow> {
  const bucket = `code:ip:${client.ip}`;
  await identity.throttle.check(bucket, REQUEST_LIMITS.codeFailuresPerAddress);
  try {
    return await identity.codes.peek(code, purpose);
  } catch (error) {
    await identity.throttle.recordFailure(bucket);
    throw error;
  }
}
