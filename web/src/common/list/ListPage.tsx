import {
  DetailsList,
  DetailsListLayoutMode,
  MessageBar,
  MessageBarType,
  SelectionMode,
  Spinner,
  SpinnerSize,
  Stack,
  Text,
  type IColumn,
} from '@fluentui/react';
import { messages } from '@movers/contracts';
import type { ReactNode } from 'react';
import type { RemoteStatus } from '../api/useResource.ts';
import { FilterRow } from './FilterRow.tsx';
import { Pager } from './Pager.tsx';
import { paginate, type PageSize } from './sortRows.ts';

/**
 * The layout of every list screen: heading with its action, the filter row, then the loading state,
 * the failure, or the table with its empty text and (when `paging` is given) the pager.
 */
export function ListPage<T>(props: {
  title: string;
  action?: ReactNode;
  filters: ReactNode;
  /** A message above the table (e.g. why a row just saved is not listed). */
  notice?: ReactNode;
  status: RemoteStatus;
  failedText?: string;
  /** The rows after filtering and sorting. */
  rows: T[];
  /** How many rows there are before filtering: none at all says 'no items', none matching says so. */
  total: number;
  columns: IColumn[];
  getKey: (row: T) => string;
  gridLabel: string;
  paging?: { page: number; pageSize: PageSize; setPage: (page: number) => void; setPageSize: (size: PageSize) => void };
  /** Long lists render only the rows near the viewport (Fluent's virtualised List). */
  virtualize?: boolean;
}) {
  const paged = props.paging ? paginate(props.rows, props.paging.page, props.paging.pageSize) : { rows: props.rows, page: 0, pageCount: 1 };
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Stack horizontal wrap horizontalAlign="space-between" verticalAlign="center" tokens={{ childrenGap: 8 }}>
        <Text as="h1" variant="xxLarge">
          {props.title}
        </Text>
        {props.action}
      </Stack>
      <FilterRow>{props.filters}</FilterRow>
      {props.notice}
      {props.status === 'loading' && <Spinner size={SpinnerSize.large} label={`Loading ${props.title}…`} />}
      {props.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{props.failedText ?? messages.common.fetchFailed}</MessageBar>}
      {props.status === 'ready' && (
        <>
          <DetailsList
            items={paged.rows}
            columns={props.columns}
            selectionMode={SelectionMode.none}
            layoutMode={DetailsListLayoutMode.justified}
            getKey={props.getKey}
            setKey={props.gridLabel}
            ariaLabelForGrid={props.gridLabel}
            onShouldVirtualize={props.virtualize ? undefined : () => false}
          />
          {props.rows.length === 0 && <Text role="status">{props.total === 0 ? messages.common.noItems : messages.common.noMatch}</Text>}
          {props.paging && (
            <Pager
              total={props.rows.length}
              page={paged.page}
              pageCount={paged.pageCount}
              pageSize={props.paging.pageSize}
              onPageSize={props.paging.setPageSize}
              onPage={props.paging.setPage}
            />
          )}
        </>
      )}
    </Stack>
  );
}
