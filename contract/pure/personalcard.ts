/**
 * The personal card's limits and the checks of its editable fields (docs/areas/personalcard.md): the
 * server and the client's form both run this copy.
 */

/** The fields an owner may be allowed to edit (PERSONAL_CARD_EDITABLE, docs/configuration.md). */
export const CARD_FIELDS = ['phone', 'email'] as const;

/** Kinds of an education-history event. A transfer moves the student to another group. */
export const EVENT_KINDS = ['admission', 'transfer', 'leave', 'return', 'expulsion', 'graduation'] as const;

/** Days after today an event may still be dated (an order signed ahead). */
export const EVENT_DAYS_AHEAD = 7;
/** Longest order number, note and contact value. */
export const ORDER_NUMBER_MAX = 40;
export const NOTE_MAX = 500;
export const PHONE_MAX = 20;
export const EMAIL_MAX = 254;

/** A phone: digits with an optional leading +, spaces, dashes and brackets; 9 to 15 digits. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*[0-9]$/;
export const PHONE_DIGITS_MIN = 9;
export const PHONE_DIGITS_MAX = 15;
/** An e-mail address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a value is a phone number the card accepts. */
export function validPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/** Whether a value is an e-mail address the card accepts. */
export function validEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}
