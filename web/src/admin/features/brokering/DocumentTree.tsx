import { FontIcon, Stack, Text } from '@fluentui/react';
import { formatDottedDay, type BrokeringDocuments, type DocumentNode } from '@movers/contracts';
import { useState, type KeyboardEvent } from 'react';

/** Tree items are no list items to the eye: no bullets, and a group is indented by the chevron's width. */
const noBullet = { listStyle: 'none' } as const;
const GROUP_INDENT = 22;

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  padding: '2px 4px',
  borderRadius: 2,
  color: '#201f1e',
  textDecoration: 'none',
  cursor: 'pointer',
} as const;

function Node({
  node,
  level,
  expanded,
  toggle,
  active,
  setActive,
}: {
  node: DocumentNode;
  level: number;
  expanded: Set<string>;
  toggle: (id: string) => void;
  active: string;
  setActive: (id: string) => void;
}) {
  const focusProps = {
    'data-node': node.id,
    'aria-level': level,
    tabIndex: active === node.id ? 0 : -1,
    onFocus: (e: { target: unknown; currentTarget: unknown }) => e.target === e.currentTarget && setActive(node.id),
  };
  if (node.document) {
    const d = node.document;
    return (
      <li role="none" style={noBullet}>
        <a role="treeitem" {...focusProps} href={d.documentOpenPath} target="_blank" rel="noopener noreferrer" style={itemStyle} className="doc-tree-item">
          <FontIcon iconName="Page" aria-hidden="true" />
          <span>{d.title}</span>
          <Text variant="small" styles={{ root: { color: '#605e5c' } }}>
            {[formatDottedDay(d.documentModifiedDate), d.documentModifiedBy].filter(Boolean).join(' · ')}
          </Text>
        </a>
      </li>
    );
  }
  const open = expanded.has(node.id);
  const groupId = `doc-group-${encodeURIComponent(node.id).replace(/%/g, '_')}`;
  // The group is a sibling owned by the folder (aria-owns), so the folder's name is its title alone.
  return (
    <li role="none" style={noBullet}>
      <div
        role="treeitem"
        aria-expanded={open}
        aria-owns={open ? groupId : undefined}
        {...focusProps}
        style={itemStyle}
        className="doc-tree-folder"
        onClick={() => {
          toggle(node.id);
          setActive(node.id);
        }}
      >
        <FontIcon iconName={open ? 'ChevronDown' : 'ChevronRight'} aria-hidden="true" />
        <FontIcon iconName={open ? 'OpenFolderHorizontal' : 'FabricFolder'} aria-hidden="true" />
        <span>{node.title}</span>
      </div>
      {open && (
        <ul role="group" id={groupId} style={{ ...noBullet, margin: 0, paddingLeft: GROUP_INDENT }}>
          {node.children.length === 0 ? (
            <li role="none" style={{ ...noBullet, color: '#605e5c', padding: '2px 4px' }}>
              (empty folder)
            </li>
          ) : (
            node.children.map((child) => (
              <Node key={child.id} node={child} level={level + 1} expanded={expanded} toggle={toggle} active={active} setActive={setActive} />
            ))
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * One group of the document tree as an ARIA tree: folders expand and collapse (click, Enter, Space,
 * arrow keys), documents open the store's link in a new tab.
 */
function Group({ title, nodes }: { title: string; nodes: DocumentNode[] }) {
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [active, setActive] = useState(nodes[0]?.id ?? '');
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const tree = event.currentTarget;
    const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const current = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!current) return;
    const index = items.indexOf(current);
    const id = current.dataset.node ?? '';
    const isFolder = current.hasAttribute('aria-expanded');
    const isOpen = current.getAttribute('aria-expanded') === 'true';
    const focus = (el: HTMLElement | undefined | null) => el?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(items[index + 1]);
        break;
      case 'ArrowUp':
        focus(items[index - 1]);
        break;
      case 'Home':
        focus(items[0]);
        break;
      case 'End':
        focus(items[items.length - 1]);
        break;
      case 'ArrowRight':
        if (isFolder && !isOpen) toggle(id);
        else if (isFolder) focus(items[index + 1]);
        break;
      case 'ArrowLeft':
        if (isFolder && isOpen) toggle(id);
        else focus(current.closest('[role="group"]')?.previousElementSibling as HTMLElement | null);
        break;
      case 'Enter':
      case ' ':
        if (isFolder) toggle(id);
        else if (event.key === ' ') current.click();
        else return; // Enter on a document: the link opens by itself
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <Text as="h3" variant="mediumPlus" styles={{ root: { fontWeight: 600, margin: 0 } }}>
        {title}
      </Text>
      <ul role="tree" aria-label={title} onKeyDown={onKeyDown} style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
        {nodes.map((node) => (
          <Node key={node.id} node={node} level={1} expanded={expanded} toggle={toggle} active={active} setActive={setActive} />
        ))}
      </ul>
    </Stack>
  );
}

export function DocumentTree({ documents }: { documents: BrokeringDocuments }) {
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <style>{'.doc-tree-item:focus, .doc-tree-folder:focus { outline: 2px solid #0078d4; } .doc-tree-item:hover span { text-decoration: underline; }'}</style>
      {documents.filetree.map((group) => (
        <Group key={group.title} title={group.title} nodes={group.nodes} />
      ))}
    </Stack>
  );
}
