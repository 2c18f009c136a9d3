import { isPersonSession, visitApi } from '../api.ts';
import { moveDayApi } from '../moveDayApi.ts';
import { meStringsOf } from '../strings/me.ts';
import { MeWave } from './MeWave.tsx';
import { useSite } from '../context.ts';
import { textIn } from '../i18n.ts';
import { formatDay, formatEventDays, isCurrent } from '../dates.ts';
import { useLoad } from '../useLoad.ts';
import { Failed, Loading } from './states.tsx';

/** Sections by date with their events, in the visitor's language (else the move's default); current events in bold. */
export function TimelinePage() {
  const { path, move, t, tag, language, signedOut } = useSite();
  const timeline = useLoad(`timeline:${path}`, (early) => visitApi.timeline(path, early), signedOut);
  const now = new Date();
  return (
    <>
      <h1>{t.timeline}</h1>
      {isPersonSession(path) && <PersonWave />}
      {timeline.state === 'loading' && <Loading t={t} />}
      {timeline.state === 'failed' && <Failed t={t} retry={timeline.reload} />}
      {timeline.state === 'ready' &&
        (timeline.data.length === 0 ? (
          <p className="v-empty">{t.noTimeline}</p>
        ) : (
          timeline.data.map((section) => (
            <section key={section.id} className="v-card v-section" aria-labelledby={`section-${section.id}`}>
              <h2 id={`section-${section.id}`} {...textIn(section, 'title', language, move.defaultLanguage)} />
              <p className="v-muted">{formatDay(section.date, tag)}</p>
              {section.events.length === 0 ? (
                <p className="v-empty">{t.noItems}</p>
              ) : (
                <ol className="v-events">
                  {section.events.map((event) => {
                    const current = isCurrent(event, now, move.timeZone);
                    const description = textIn(event, 'description', language, move.defaultLanguage);
                    const Title = current ? 'strong' : 'span';
                    return (
                      <li key={event.id} className={current ? 'v-event v-current' : 'v-event'} aria-current={current ? 'date' : undefined}>
                        <span className="v-event-days">{formatEventDays(event, tag, now, move.timeZone)}</span>
                        <Title className="v-event-title" {...textIn(event, 'title', language, move.defaultLanguage)} />
                        {description.children && <span className="v-event-description" {...description} />}
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
          ))
        ))}
    </>
  );
}

/**
 * Signed in by their personal link, a person's timeline is the whole move's events and their wave's
 * (the API leaves out the other waves'); their wave's times head it (issue 48).
 */
function PersonWave() {
  const { path, language, signedOut } = useSite();
  const me = useLoad(`me:${path}:0`, (early) => moveDayApi.me(path, early), signedOut);
  return me.state === 'ready' ? <MeWave me={me.data} m={meStringsOf(language)} onChange={me.reload} /> : null;
}
