import { apiPost } from '../../lib/api';

export interface WaitlistEntry {
  email: string;
  joinedAt: string;
}

export const joinWaitlist = (email: string, name?: string) =>
  apiPost<WaitlistEntry>('/waitlist', name ? { email, name } : { email });
