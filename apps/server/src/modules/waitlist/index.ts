// The waitlist module's door: the waitlist's entries, which the `invite` command reads.
export { WaitlistRepository } from './waitlist.repository';
