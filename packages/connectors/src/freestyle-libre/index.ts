import type { Connector } from '../types';
import { login, sync } from './client';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const freestyleLibre = { manifest, login, sync, normalize } satisfies Connector;
