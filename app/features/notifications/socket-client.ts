// socket.io's browser client, in a chunk of its own named for what it is: live-updates.ts loads it after the
// page has hydrated, and the size test (tests/e2e/size.spec.ts) counts it apart from the page's own scripts.
export { io } from 'socket.io-client'
