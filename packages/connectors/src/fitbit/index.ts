import type { Connector } from '../types';
import { covers, sync } from './client';
import { manifest } from './manifest';
import { normalize } from './normalize';

/** Fitbit, read through its successor the Google Health API (kind `fitbit`, as in the catalogue). */
export const fitbit = { manifest, sync, normalize, covers } satisfies Connector;
