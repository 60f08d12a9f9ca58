import type { Connector } from '../types';
import { login, refresh, sync } from './client';
import { fake } from './fake';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const eightSleep = { manifest, login, refresh, sync, normalize, fake } satisfies Connector;
