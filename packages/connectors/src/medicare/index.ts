import type { Connector } from '../types';
import { sync } from './client';
import { fake } from './fake';
import { manifest } from './manifest';
import { deleted, normalize } from './normalize';

export const medicare = { manifest, sync, normalize, deleted, fake } satisfies Connector;
