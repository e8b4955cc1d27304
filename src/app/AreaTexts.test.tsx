/**
 * An area's screen behind its texts (AreaTexts.tsx): when a namespace of the screen could not be
 * loaded it shows that the page did not load, in words that are there even when the common texts did
 * not load either, with Retry; Retry shows the screen once the texts arrive. Never the screen with raw
 * keys in place of its texts.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { resources } from '../test/i18n';
import { AreaTexts } from './AreaTexts';

/**
 * Bundles taken out by a test, put back after it (the test workers share one i18next instance, whose
 * store is the test resources object itself: a copy is kept before removing).
 */
const removed: Array<[string, string, Record<string, unknown>]> = [];
const copyOf = (lng: string, ns: string) => structuredClone(resources[lng][ns]);
function drop(lng: string, ns: string) {
  removed.push([lng, ns, copyOf(lng, ns)]);
  i18n.removeResourceBundle(lng, ns);
}

afterEach(() => {
  for (const [lng, ns, bundle] of removed.splice(0)) i18n.addResourceBundle(lng, ns, bundle, true, true);
});

/** A screen of the library area behind its texts. */
const renderLibraryScreen = () =>
  render(
    <AreaTexts namespaces={['library']}>
      <p>the library screen</p>
    </AreaTexts>,
  );

describe('AreaTexts', () => {
  it('shows the screen when its texts are there', () => {
    renderLibraryScreen();
    expect(screen.getByText('the library screen')).toBeInTheDocument();
    expect(screen.queryByTestId('texts-failed')).toBeNull();
  });

  it('a namespace that did not load: the page says so with Retry, and Retry shows the screen once the texts are there', async () => {
    const library = copyOf('ru', 'library');
    drop('ru', 'library');
    renderLibraryScreen();
    const failed = screen.getByTestId('texts-failed');
    expect(failed).toHaveTextContent('Не удалось загрузить страницу');
    expect(screen.queryByText('the library screen')).toBeNull();

    // The texts arrive (the network is back); Retry loads them and shows the screen.
    i18n.addResourceBundle('ru', 'library', library, true, true);
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('the library screen')).toBeInTheDocument();
    expect(screen.queryByTestId('texts-failed')).toBeNull();
  });

  it('with the common texts missing too, the words are the bundled ones of the chosen language, never keys', async () => {
    await i18n.changeLanguage('kg');
    try {
      drop('kg', 'cm');
      drop('ru', 'cm');
      drop('kg', 'library');
      drop('ru', 'library');
      renderLibraryScreen();
      const failed = screen.getByTestId('texts-failed');
      expect(failed).toHaveTextContent('Баракты жүктөө мүмкүн болгон жок');
      expect(failed).not.toHaveTextContent('errors.');
      expect(screen.getByRole('button', { name: 'Кайра аракет кылуу' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('ru');
    }
  });
});
