// What other features may use of leases: the client dashboard's leases section.
export { LeasesSection } from './LeasesSection.tsx';
