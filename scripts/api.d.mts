// Types of scripts/api.mjs for the TypeScript that imports it (its test).
export declare const root: string;
export declare function newestMtime(p: string): number;
export declare const installed: (bin: string) => boolean;
export declare function withLockFile<T>(lockFile: string, work: () => T | Promise<T>): Promise<T>;
export declare function loadApi(name: string, source: string): Promise<unknown>;
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare const SERVER_COMMAND: string;
