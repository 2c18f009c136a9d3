import type { ComponentProps } from 'react';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { usePlannerText } from './text.ts';

/** The shared delete question in the planner's language: its buttons in Norwegian too, not only its text. */
export function PlannerConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  const t = usePlannerText();
  return <ConfirmDialog confirmText={t.confirmDelete} cancelText={t.cancel} {...props} />;
}
