import type { Connector } from '../types';
import { login, sync } from './client';
import { fake } from './fake';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const freestyleLibre = { manifest, login, sync, normalize, fake } satisfies Connector;
