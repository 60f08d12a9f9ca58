import type { Connector } from '../types';
import { login, refresh, sync } from './client';
import { manifest } from './manifest';
import { normalize } from './normalize';

export const eightSleep = { manifest, login, refresh, sync, normalize } satisfies Connector;
