// "Open in lichess" / "Open in lishogi" under a board: the position it shows and, where
// the site's URL takes one, the game (games/external-links.ts builds the URLs). Nothing for
// a game no other site plays. The links open a new tab and tell the site nothing about
// the page they come from.
import { h } from './dom';
import { t } from '../i18n';
import { externalLinks, type ExternalLink, type LinkSubject } from '../games/external-links';

const SITE_NAMES = { lichess: 'lichess', lishogi: 'lishogi' } as const;

function label(l: ExternalLink): string {
  const site = SITE_NAMES[l.site];
  if (l.kind === 'position') return t('links.position', { site });
  return l.truncated ? t('links.gameFirst', { site, n: l.moves ?? 0 }) : t('links.game', { site });
}

// The row of links, or null when there is none.
export function externalLinksRow(subject: LinkSubject, testid: string): HTMLElement | null {
  const links = externalLinks(subject);
  if (!links.length) return null;
  return h('div', { class: 'external-links', 'data-testid': testid },
    links.map((l) => h('a', {
      class: 'btn small ext-link', href: l.url, target: '_blank', rel: 'noopener noreferrer',
      'data-site': l.site, 'data-kind': l.kind,
    }, label(l))));
}
