/**
 * The texts of refusals whose reason says more than their code, in kg, ru and en: `errorText` of
 * server/src/i18n.ts uses them in place of the code's general text.
 */
import type { ErrorCode } from '@contract/common';
import type { Table, Texts } from './i18n';
import reasons from './i18n.reasons.json' with { type: 'json' };

/**
 * Refusals whose reason (params.reason) says more than their code: their own text, so that a reply
 * read as it is (a toast, another client) tells what happened rather than the code's general words.
 * i18n.reasons.json holds them by code, then by reason.
 */
export const REASONS: Partial<Record<ErrorCode, Record<string, Texts>>> = reasons satisfies Table<
  keyof typeof reasons & ErrorCode,
  Record<string, Texts>,
  typeof reasons
>;
