export { locationsOfClient } from './locations.data.ts';
