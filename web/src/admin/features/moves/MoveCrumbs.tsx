import { useParams } from 'react-router-dom';
import { pathTo } from '../../routeTable.ts';
import { Crumbs } from '../../shell/Crumbs.tsx';
import { useClient } from '../clients/index.ts';

/** The breadcrumb of a move's screens (spec part 2): client > location > the screen, from the route's ids. */
export function MoveCrumbs({ current }: { current: string }) {
  const { clientId = '', locationId = '' } = useParams();
  const client = useClient(clientId);
  const location = client.data?.locations.find((l) => l.id === locationId);
  return (
    <Crumbs
      items={[
        { key: 'client', text: client.data?.name ?? 'client', to: pathTo('CLIENT_DASHBOARD', { clientId }) },
        { key: 'location', text: location?.name ?? 'location', to: pathTo('CLIENT_LOCATION', { clientId, locationId }) },
        { key: 'screen', text: current },
      ]}
    />
  );
}
