/** Bus events of registration: a freed seat given to a student from the waiting list (for the portal's notifications too), and a change in a teacher's subgroups. */
export const REGISTRATION_SEAT_EVENT = 'registration.seat';
export const REGISTRATION_CHANGED_EVENT = 'registration.changed';
