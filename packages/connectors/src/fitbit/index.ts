import type { Connector } from '../types';
import { covers, sync } from './client';
import { fake } from './fake';
import { manifest } from './manifest';
import { normalize } from './normalize';

/** Fitbit, read through its successor the Google Health API (kind `fitbit`, as in the catalogue). */
export const fitbit = { manifest, sync, normalize, covers, fake } satisfies Connector;
