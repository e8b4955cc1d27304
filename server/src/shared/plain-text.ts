/**
 * Titles and names as stored: without bidirectional control characters (a right-to-left override
 * can make `fdp.exe` read as `exe.pdf` or reorder a title), otherwise as typed.
 */

/** LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM; the Arabic letter mark. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The text without bidirectional controls, trimmed. */
export function plainText(text: string): string {
  return text.replace(BIDI_CONTROLS, '').trim();
}
