import type { WaitlistResponse } from '@healthfolio/core';
import { api } from '../../lib/api';

export type WaitlistEntry = WaitlistResponse;

export const joinWaitlist = (email: string, name?: string) =>
  api.post('/api/waitlist', { body: name ? { email, name } : { email } });
