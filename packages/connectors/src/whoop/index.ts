import type { Connector } from '../types';
import { covers, sync } from './client';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const whoop = { manifest, sync, normalize, covers } satisfies Connector;
