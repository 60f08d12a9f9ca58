// @lhncbc/ucum-lhc ships CommonJS without typings; this covers the part Healthfolio calls.
declare module '@lhncbc/ucum-lhc' {
  export interface UcumConvertResult {
    status: 'succeeded' | 'failed' | 'error';
    toVal: number | null;
    msg: string[];
  }

  export interface UcumValidateResult {
    status: 'valid' | 'invalid' | 'error';
    ucumCode: string | null;
    msg: string[];
  }

  export interface UcumLhcUtilsInstance {
    convertUnitTo(
      fromUnitCode: string,
      fromVal: number,
      toUnitCode: string,
      options?: { suggest?: boolean; molecularWeight?: number; charge?: number },
    ): UcumConvertResult;
    validateUnitString(unitString: string, suggest?: boolean): UcumValidateResult;
  }

  export interface UcumLhcUtilsClass {
    getInstance(): UcumLhcUtilsInstance;
  }

  // Node's ESM loader sees the named export; bundlers that honour `__esModule` may only offer the default.
  export const UcumLhcUtils: UcumLhcUtilsClass | undefined;
  const ucum: { UcumLhcUtils?: UcumLhcUtilsClass } | undefined;
  export default ucum;
}
