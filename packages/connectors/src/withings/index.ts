import type { Connector } from '../types';
import { covers, sync } from './client';
import { manifest } from './manifest';
import { deleted, normalize } from './normalize';

export const withings = { manifest, sync, normalize, deleted, covers } satisfies Connector;
