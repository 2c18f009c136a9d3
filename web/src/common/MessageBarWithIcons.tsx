import './icons.ts';
import { MessageBar, MessageBarType } from '@fluentui/react';
import { applyTheme } from './theme.ts';
import type { MessageBarProps, MessageKind } from './messageBarProps.ts';

// This chunk can be the first Fluent on the page (the sign-in page's message): the theme comes with it.
applyTheme();

const types: Record<MessageKind, MessageBarType> = {
  success: MessageBarType.success,
  error: MessageBarType.error,
  warning: MessageBarType.warning,
  info: MessageBarType.info,
};

/** Fluent's MessageBar with its icons registered: loaded on demand by LazyMessageBar. */
export default function MessageBarWithIcons(props: MessageBarProps) {
  return (
    <MessageBar
      messageBarType={types[props.kind]}
      role={props.role}
      onDismiss={props.onDismiss}
      dismissButtonAriaLabel={props.onDismiss ? 'Close' : undefined}
      styles={{ root: { maxWidth: props.maxWidth, marginTop: props.marginTop } }}
    >
      {props.children}
    </MessageBar>
  );
}
