// Events and places in the contract, in three files: the form's fields and rules, the answers, and the other
// calls (queries, like, participate, cancel, reschedule, waiting list, requests to join).
export * from './event-fields'
export * from './event-answers'
export * from './event-calls'
