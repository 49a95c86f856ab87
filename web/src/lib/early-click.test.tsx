import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import shell from '../../index.html?raw';
import { useReplayEarlyClick } from './early-click';

/** The inline script of index.html, run as the browser runs it before the app's code. */
function runShellScript() {
  const script = /<script>([\s\S]*?)<\/script>/.exec(shell)?.[1];
  if (!script) throw new Error('index.html has no inline script');
  // jsdom here runs no <script> element; this runs the shell's own text, as the browser does.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function(script) as () => void;
  run();
}

function Replay() {
  useReplayEarlyClick();
  return null;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__takeEarlyClick;
  vi.useRealTimers();
});

describe('clicks before hydration', () => {
  it('holds the last button clicked, and clicks it again once the app has rendered', async () => {
    document.body.innerHTML = '<button id="menu">Menu</button><button id="share">Share</button>';
    const clicked: string[] = [];
    document.body.addEventListener('click', (event) => clicked.push((event.target as Element).id));
    runShellScript();
    document.getElementById('menu')?.click();
    document.getElementById('share')?.click();
    expect(clicked).toEqual([]);

    render(<Replay />);
    await vi.waitFor(() => expect(clicked).toEqual(['share']));
    // Taken once: the holding has stopped, later clicks go through.
    document.getElementById('menu')?.click();
    expect(clicked).toEqual(['share', 'menu']);
    expect(window.__takeEarlyClick).toBeUndefined();
  });

  it('leaves buttons in forms and everything but buttons alone', () => {
    document.body.innerHTML =
      '<form><button type="button" id="in-form">Show</button></form><a id="link" href="#x">x</a>';
    const clicked: string[] = [];
    document.body.addEventListener('click', (event) => {
      event.preventDefault();
      clicked.push((event.target as Element).id);
    });
    runShellScript();
    document.getElementById('in-form')?.click();
    document.getElementById('link')?.click();
    expect(clicked).toEqual(['in-form', 'link']);
    expect(window.__takeEarlyClick?.()).toBeNull();
  });

  it('clicks nothing when the held button left the page before hydration', async () => {
    document.body.innerHTML = '<button id="gone">Gone</button>';
    runShellScript();
    const button = document.getElementById('gone');
    const onClick = vi.fn();
    button?.addEventListener('click', onClick);
    button?.click();
    button?.remove();
    render(<Replay />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Held at the document, so it never reached the button, and not clicked again off the page.
    expect(onClick).not.toHaveBeenCalled();
  });
});
