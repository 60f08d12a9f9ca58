// Types of server-process.mjs for the TypeScript benchmark that imports it.
export declare const serverEntry: string;
export declare function serverProcess(env?: Record<string, string | undefined>): {
  nodeArgs: string[];
  env: Record<string, string | undefined>;
};
