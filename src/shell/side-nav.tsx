/**
 * Side navigation — spec §2.3: items grouped by section, each with a tooltip; the "AI" badge;
 * indented items; role filtering; sections without visible items hidden; an item is highlighted
 * when the path equals its route or starts with the route plus a slash.
 */
import { createElement } from 'react';
import { Link, useLocation } from 'react-router';
import { Tooltip } from 'antd';
import type { Role } from '../../contract/roles';
import type { PageModule } from '../lib/registry';
import { isActive, menuFor } from '../lib/registry-derive';

export interface SideNavProps {
  modules: readonly PageModule[];
  role: Role;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
}

export function SideNav({ modules, role, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  const groups = menuFor(modules, role);
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
                  <Tooltip title={item.tooltip} placement="right" mouseEnterDelay={0.4}>
                    <Link
                      to={item.path}
                      className={`side-nav-link${item.indent ? ' is-indented' : ''}`}
                      aria-current={isActive(pathname, item.path) ? 'page' : undefined}
                      onClick={onNavigate}
                    >
                      <span aria-hidden="true">{createElement(item.icon)}</span>
                      <span className="side-nav-label">{item.label}</span>
                      {item.badge && (
                        <span className="side-nav-badge" aria-hidden="true">
                          {item.badge}
                        </span>
                      )}
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
