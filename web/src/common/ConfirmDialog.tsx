import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton } from '@fluentui/react';
import { messages } from '@movers/contracts';
import { DANGER } from './theme.ts';

const CANCEL_CLASS = 'confirm-dialog-cancel';

/**
 * The confirmation before an action that cannot be undone (delete). The action is marked as
 * destructive, red rather than the blue of a safe primary action, and the dialog opens on 'cancel',
 * so Enter alone never destroys anything. A blocking dialog: assistive technology announces it as an
 * alert dialog.
 */
export function ConfirmDialog({
  open,
  title,
  text = messages.common.deleteConfirm,
  confirmText = 'delete',
  cancelText = 'cancel',
  onConfirm,
  onCancel,
  onDismissed,
}: {
  open: boolean;
  title: string;
  text?: string;
  confirmText?: string;
  /** The screen's word for 'cancel' where it speaks another language (the planner's Norwegian). */
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Once the dialog is gone, when the element it would give the keyboard back to (the one that opened it) is gone too. */
  onDismissed?: () => void;
}) {
  return (
    <Dialog
      hidden={!open}
      onDismiss={onCancel}
      dialogContentProps={{ type: DialogType.normal, title, subText: text }}
      modalProps={{ isBlocking: true, firstFocusableSelector: CANCEL_CLASS, onDismissed }}
    >
      <DialogFooter>
        <PrimaryButton
          text={confirmText}
          onClick={onConfirm}
          styles={{
            root: { backgroundColor: DANGER, borderColor: DANGER },
            rootHovered: { backgroundColor: '#8e1f24', borderColor: '#8e1f24' },
            rootPressed: { backgroundColor: '#751a1e', borderColor: '#751a1e' },
          }}
        />
        <DefaultButton text={cancelText} className={CANCEL_CLASS} onClick={onCancel} />
      </DialogFooter>
    </Dialog>
  );
}
