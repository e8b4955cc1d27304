/** The rooms' kinds and what a booking is for, named once for both sides (contract/rooms.ts; the client's choices). */

/** The kinds of room: lecture hall, laboratory, computer class. */
export const ROOM_KINDS = ['lecture', 'lab', 'computer'] as const;

/** What a booking is for: a make-up lesson or a consultation. */
export const BOOKING_KINDS = ['makeup', 'consultation'] as const;
