/**
 * The portal's rule for a login a person chooses or is given (docs/areas/auth.md): the server checks
 * it (contract/auth.ts, the sign-in's credential update and the administration's new account) and the
 * client's forms run this copy.
 */

/** Letters of any script, digits and . _ @ - ; no spaces. */
export const LOGIN_PATTERN = /^[\p{L}\p{N}._@-]+$/u;
