import type { Connector } from '../types';
import { sync } from './client';
import { manifest } from './manifest';
import { deleted, normalize } from './normalize';

export const medicare = { manifest, sync, normalize, deleted } satisfies Connector;
