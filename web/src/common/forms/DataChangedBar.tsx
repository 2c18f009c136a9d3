import { DefaultButton, MessageBar, MessageBarType } from '@fluentui/react';
import { messages } from '@movers/contracts';

/**
 * Shown after a save was refused as stale (412): someone else saved first. A screen reloads to show their
 * version; a form that already shows it (`showsCurrent`) says so instead.
 */
export function DataChangedBar({ showsCurrent = false }: { showsCurrent?: boolean }) {
  return showsCurrent ? (
    <MessageBar messageBarType={MessageBarType.warning}>{CHANGED_ELSEWHERE}</MessageBar>
  ) : (
    <MessageBar messageBarType={MessageBarType.warning} actions={<DefaultButton text="reload" onClick={() => window.location.reload()} />}>
      {messages.common.dataChanged}
    </MessageBar>
  );
}

const CHANGED_ELSEWHERE = 'This item was changed by someone else. The form now shows their version: check it before you save again.';
