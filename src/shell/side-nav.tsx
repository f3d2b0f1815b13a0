/**
 * Side navigation — docs/product/routes-and-roles.md: items grouped by section, each with a tooltip; the "AI" badge;
 * indented items; items the user may not open left out (the access decision the page guard uses);
 * a beta module's item tagged "Beta" (docs/settings.md "Beta features"); sections without visible
 * items hidden; of the items whose route equals the path or prefixes it
 * with a slash, only the most specific is highlighted (docs/decisions.md).
 */
import { createElement } from 'react';
import { Link, useLocation } from 'react-router';
import { Tooltip } from 'antd';
import type { Role } from '../../contract/roles';
import { useRegistry } from '../lib/registry-context';
import { activeRoute, menuFor, navPathOf } from '../lib/registry-derive';
import { canCheckFor } from './use-access';
import { useFlaggedModules } from './flag-gate';
import { useMediaQuery } from './use-media-query';

/** The registry's pages (`useRegistry`) the role may open. */
export interface SideNavProps {
  role: Role;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

export function SideNav({ role, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const { modules: all, access } = useRegistry();
  // a module whose feature flag is off has no entry (docs/settings.md "Feature flags")
  const modules = useFlaggedModules(all);
  const groups = menuFor(modules, canCheckFor(access, role));
  const active = activeRoute(navPathOf(modules, pathname), groups.flatMap((g) => g.items.map((i) => i.path)));
  // a tap opens a hover tooltip that then stays over the page: on a screen without hover, none
  const touch = useMediaQuery('(hover: none)');
  return (
    <nav className="side-nav" aria-label="Main navigation">
      {groups.map((g) => {
        const headingId = `nav-${g.section.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <section key={g.section} aria-labelledby={headingId}>
            <h2 id={headingId} className="side-nav-section-title">
              {g.section}
            </h2>
            <ul>
              {g.items.map((item) => (
                <li key={item.path}>
                  <Tooltip title={touch ? undefined : item.tooltip} placement="right" mouseEnterDelay={0.4}>
                    <Link
                      to={item.path}
                      className={`side-nav-link${item.indent ? ' is-indented' : ''}`}
                      aria-current={item.path === active ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      <span aria-hidden="true">{createElement(item.icon)}</span>
                      <span className="side-nav-label">{item.label}</span>
                      {item.badge && (
                        <span className="side-nav-badge" aria-hidden="true">
                          {item.badge}
                        </span>
                      )}
                      {/* a beta module's item (docs/settings.md "Beta features"); shown only while beta features are on */}
                      {item.beta && <span className="side-nav-badge">Beta</span>}
                    </Link>
                  </Tooltip>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
