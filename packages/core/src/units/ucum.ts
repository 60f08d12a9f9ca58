// The package ships no typings. A reference (not an import) so that apps compiling core's source see them too.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./ucum-lhc.d.ts" />
import * as ucumModule from '@lhncbc/ucum-lhc';
import type { UcumLhcUtilsInstance } from '@lhncbc/ucum-lhc';

let instance: UcumLhcUtilsInstance | undefined;

/** The shared ucum-lhc instance; its unit tables load on first use (tens of milliseconds). */
export function ucum(): UcumLhcUtilsInstance {
  if (instance) return instance;
  const utils = ucumModule.UcumLhcUtils ?? ucumModule.default?.UcumLhcUtils;
  if (!utils) throw new Error('@lhncbc/ucum-lhc did not expose UcumLhcUtils');
  instance = utils.getInstance();
  return instance;
}
