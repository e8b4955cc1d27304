/**
 * The grading sheet's texts in kg, ru and en (gradingsheet.texts.json): the printed sheet, the
 * workbook and the verification page. `attempts` names each attempt by its number (1 to 3);
 * `leftGroup` follows the name of a student who left the sheet's group (the screen's
 * gradingsheet:leftGroup).
 */
import type { Language } from '@contract/common';
import texts from './gradingsheet.texts.json' with { type: 'json' };

const { attempts, ...labels } = texts;

export const SX = { ...(labels satisfies Record<string, Record<Language, string>>), attempts: attempts satisfies Record<Language, string[]> };
