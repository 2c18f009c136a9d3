// What other features may use of locations: that a location's move service changed.
export { locationChanged } from './api.ts';
