import type { Connector } from '../types';
import { sync } from './client';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const dexcom = { manifest, sync, normalize } satisfies Connector;
