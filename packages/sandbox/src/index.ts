// The connectors' fake providers: each provider's API as its documentation describes it, with generated data,
// for tests and for sandbox mode (SANDBOX_PROVIDERS), where the server mounts them at /sandbox/<kind>. The
// server imports this package only when sandbox providers are on.
export type { FakeControl, FakeOptions, FakeProvider } from './types';
export { fakeOf, fakes } from './registry';
export { FakeOAuth } from './shared/fake-oauth';
export { createSmartFake, type SmartFakeSettings } from './smart/fake';
export { recordOf, SYNTHETIC_PATIENTS, type SyntheticPatient } from './smart/patients';
