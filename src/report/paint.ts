import { styleText } from 'node:util';

/** The styles the terminal reports use: `util.inspect.colors` names. */
export type Style = 'red' | 'green' | 'yellow' | 'gray' | 'bold' | 'dim';

/** Wraps `text` in the escape codes of `style`, or returns it unchanged when colour is off. */
export type Paint = (style: Style, text: string) => string;

/**
 * A {@link Paint} that colours through `util.styleText` when `color` is true. Whether to colour
 * (a TTY, `NO_COLOR`, `FORCE_COLOR`) is the shell's decision (`src/cli/color.ts`); the renderers
 * stay pure, so `validateStream: false` stops Node 22+ from looking at `process.stdout` itself
 * (Node 20 ignores the option and never looks).
 */
export function painter(color: boolean): Paint {
  if (!color) return (_style, text) => text;
  return (style, text) => styleText(style, text, { validateStream: false });
}
