import { Link } from 'react-router-dom';
import './crumbs.css';

/**
 * The page's breadcrumb: entries with `to` are links inside the app, the last one is the current page.
 * Plain elements, not Fluent's Breadcrumb: that one measures its entries to fold some into a menu
 * (ResizeGroup), which made the browser lay out the whole screen in the middle of drawing it, on every
 * screen (51 ms of the move-day board's first draw at 4× CPU, issue 55). Long breadcrumbs wrap instead.
 */
export function Crumbs({ items }: { items: { key: string; text: string; to?: string }[] }) {
  return (
    <nav aria-label="breadcrumb" className="crumbs">
      <ol>
        {items.map(({ key, text, to }, at) => (
          <li key={key}>
            {/* Drawn, not read: the list and its entries are announced. */}
            {at > 0 && (
              <span aria-hidden="true" className="crumbs-separator">
                ›
              </span>
            )}
            {to ? (
              <Link to={to}>{text}</Link>
            ) : (
              <span aria-current="page" className="crumbs-current">
                {text}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
