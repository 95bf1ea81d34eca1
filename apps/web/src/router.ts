import { useEffect, useState } from 'react';

/** The app's pages live at real paths (the gateway answers index.html for them); links use pushState. */
export function usePath(): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    window.addEventListener('mnemo:navigate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('mnemo:navigate', onPop);
    };
  }, []);
  return path;
}

export function navigate(to: string): void {
  if (to === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event('mnemo:navigate'));
}

/** A plain left click on an app link navigates in place; other clicks (new tab …) keep the browser's way. */
export function onLinkClick(event: React.MouseEvent<HTMLAnchorElement>): void {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/');
}
