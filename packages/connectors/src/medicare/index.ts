import type { Connector } from '../types';
import { sync } from './client';
import { fake } from './fake';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const medicare = { manifest, sync, normalize, fake } satisfies Connector;
