import type { ReactNode } from 'react';

// The props both message bars share live here, below both: the lazy wrapper loads the Fluent one, and
// the Fluent one must not import its loader back (an import cycle, even a type-only one).
export type MessageKind = 'success' | 'error' | 'warning' | 'info';

export interface MessageBarProps {
  kind: MessageKind;
  children: ReactNode;
  role?: 'alert' | 'status';
  maxWidth?: number;
  marginTop?: number;
  onDismiss?: () => void;
}
