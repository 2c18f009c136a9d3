// What other features may use of brokering: the client dashboard's list of projects.
export { ClientBrokerings } from './ClientBrokerings.tsx';
