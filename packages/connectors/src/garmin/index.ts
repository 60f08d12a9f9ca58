import type { Connector } from '../types';
import { sync } from './client';
import { manifest } from './manifest';
import { deleted, normalize } from './normalize';

export const garmin = { manifest, sync, normalize, deleted } satisfies Connector;
export { isResource, pullResource, targetedCursor, type GarminTarget } from './client';
