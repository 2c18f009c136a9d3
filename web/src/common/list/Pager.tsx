import { Dropdown, IconButton, Stack, Text } from '@fluentui/react';
import type { PageSize } from './sortRows.ts';

const pageSizes: PageSize[] = [5, 10, 25, 'all'];

/** The footer of a paged list: rows per page, 'first-last of total', previous and next page. */
export function Pager(props: {
  total: number;
  page: number;
  pageCount: number;
  pageSize: PageSize;
  onPageSize: (size: PageSize) => void;
  onPage: (page: number) => void;
}) {
  const { total, page, pageCount, pageSize } = props;
  return (
    <Stack horizontal verticalAlign="center" horizontalAlign="end" tokens={{ childrenGap: 12 }}>
      <Dropdown
        label="rows per page"
        selectedKey={String(pageSize)}
        options={pageSizes.map((s) => ({ key: String(s), text: String(s) }))}
        onChange={(_, o) => {
          const key = String(o?.key ?? '10');
          props.onPageSize(key === 'all' ? 'all' : Number(key));
        }}
        styles={{ root: { width: 120 } }}
      />
      <Text aria-live="polite">
        {total === 0
          ? '0 of 0'
          : pageSize === 'all'
            ? `1-${total} of ${total}`
            : `${page * pageSize + 1}-${Math.min((page + 1) * pageSize, total)} of ${total}`}
      </Text>
      <IconButton
        iconProps={{ iconName: 'ChevronLeft' }}
        ariaLabel="previous page"
        title="previous page"
        disabled={page === 0}
        onClick={() => props.onPage(page - 1)}
      />
      <IconButton
        iconProps={{ iconName: 'ChevronRight' }}
        ariaLabel="next page"
        title="next page"
        disabled={page >= pageCount - 1}
        onClick={() => props.onPage(page + 1)}
      />
    </Stack>
  );
}
