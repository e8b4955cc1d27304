/**
 * QR attendance calls under /api/qr/ and the QR student card and reports under /api/misc/
 * (docs/areas/qr.md#calls). Every call needs a session except the public card.
 *
 * The teacher opens an attendance session for a lesson (a timetable entry, idShed) on today's date;
 * the projector screen shows a QR code of a token the server signs for that session and a time
 * window of QR_ROTATE_MS, valid until its window ends plus QR_GRACE_MS, and a short typed code for
 * phones whose camera fails. A student posts the token (or the code) with a fresh GPS reading.
 *
 * The shapes are in the files beside this one, by part; this file names them all.
 */
export * from './qr.sessions';
export * from './qr.marks';
export * from './qr.reviews';
export * from './qr.reports';
