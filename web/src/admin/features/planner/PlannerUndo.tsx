import { DefaultButton, MessageBar, MessageBarType, Stack } from '@fluentui/react';
import { format } from '@movers/contracts';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { useAnnouncer } from '../../../common/list/OrderedTable.tsx';
import { performUndo, plannerUndo } from './api.ts';
import { usePlannerText } from './text.ts';
import type { Direction, UndoStep } from './undo.ts';

/** Where a key press is text being typed: Ctrl+Z there is the field's own undo. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Undo and Redo (issue 50) of the user's own changes since the planner was opened: buttons whose tooltip
 * says what they undo, and Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y anywhere in the planner but in a field.
 * A change someone else made since is never overwritten: the undo says so and does nothing.
 */
export function PlannerUndo({ moveId }: { moveId: string }) {
  const t = usePlannerText();
  const api = useApi();
  const history = plannerUndo(moveId);
  const state = useSyncExternalStore(history.subscribe, history.state);
  const [message, setMessage] = useState<string | null>(null);
  const { announce, region } = useAnnouncer();

  // The steps are the changes since the planner was opened: an earlier visit's are not offered.
  useEffect(() => history.clear(), [history]);

  const words = useCallback((template: string, step: UndoStep) => format(template, { action: t.undo.actions[step.action], title: step.title }), [t]);

  const run = useCallback(
    async (direction: Direction) => {
      setMessage(null);
      try {
        const result = await history[direction](performUndo(api, moveId));
        if (!result) return;
        if (result.outcome.done) announce(words(direction === 'undo' ? t.undo.undone : t.undo.redone, result.step));
        else setMessage(format(direction === 'undo' ? t.undo.refusedUndo : t.undo.refusedRedo, { title: result.step.title }));
      } catch {
        setMessage(direction === 'undo' ? t.undo.failedUndo : t.undo.failedRedo);
      }
    },
    [api, announce, history, moveId, t, words],
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target)) return;
      const key = event.key.toLowerCase();
      const direction: Direction | null = key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : key === 'y' && !event.shiftKey ? 'redo' : null;
      if (!direction) return;
      event.preventDefault();
      void run(direction);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [run]);

  return (
    <Stack tokens={{ childrenGap: 8 }}>
      <Stack horizontal wrap tokens={{ childrenGap: 8 }} aria-label={t.undo.shortcuts} role="group">
        <DefaultButton
          text={t.undo.undo}
          title={state.undo ? words(t.undo.undoAction, state.undo) : t.undo.nothingToUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          disabled={!state.undo}
          onClick={() => void run('undo')}
        />
        <DefaultButton
          text={t.undo.redo}
          title={state.redo ? words(t.undo.redoAction, state.redo) : t.undo.nothingToRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          disabled={!state.redo}
          onClick={() => void run('redo')}
        />
      </Stack>
      {message && (
        <MessageBar
          messageBarType={MessageBarType.warning}
          isMultiline
          onDismiss={() => setMessage(null)}
          dismissButtonAriaLabel={t.cancel}
          styles={{ root: { maxWidth: 360 } }}
        >
          {message}
        </MessageBar>
      )}
      {region}
    </Stack>
  );
}
