// The reports module's door: the address check every outgoing fetch of the server makes (report links,
// webhooks, push, the report builder).
export { isPrivateAddress } from './report-fetch';
