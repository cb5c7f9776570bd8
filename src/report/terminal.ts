/**
 * Repository text made safe to print on a terminal (docs/design.md#robust-shells): a heading or a message
 * must not move the cursor, recolour the screen, set the window title, write hyperlinks or
 * reorder what the reader sees.
 */

/**
 * Escape sequences, whole: CSI (`ESC [` … final byte, or the 8-bit `0x9B`), OSC / DCS / SOS /
 * PM / APC strings up to their terminator (BEL or `ESC \`, or the end of the text), and the
 * two-character `ESC x` forms.
 */
// eslint-disable-next-line no-control-regex
const ESCAPES = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -~]?/g;

/** C0 and C1 control characters other than tab (line breaks are handled first). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** Bidirectional embedding, override and isolate controls ("Trojan Source"). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * One line of repository text for a terminal: escape sequences removed whole, line breaks
 * and other control characters turned into spaces, bidirectional controls removed.
 */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPES, '').replace(/\r\n|\r|\n/g, ' ').replace(CONTROL, ' ').replace(BIDI, '');
}
