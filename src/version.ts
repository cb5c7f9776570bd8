/** chunkgate's version, as in package.json (a test keeps them equal). */
export const VERSION = '0.1.0';
