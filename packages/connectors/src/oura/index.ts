import type { Connector } from '../types';
import { covers, sync } from './client';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const oura = { manifest, sync, normalize, covers } satisfies Connector;
