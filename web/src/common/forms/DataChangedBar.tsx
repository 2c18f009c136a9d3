import { DefaultButton, MessageBar, MessageBarType } from '@fluentui/react';
import { messages } from '@movers/contracts';

/** Shown after a save was refused as stale (412): someone else saved first, reloading shows their version. */
export function DataChangedBar() {
  return (
    <MessageBar messageBarType={MessageBarType.warning} actions={<DefaultButton text="reload" onClick={() => window.location.reload()} />}>
      {messages.common.dataChanged}
    </MessageBar>
  );
}
