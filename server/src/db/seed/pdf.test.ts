/** The demo library's and teaching materials' PDFs are tagged and archivable as the issued documents are. */
import { describe, expect, it } from 'vitest';
import { expectTaggedArchivable } from '../../test/pdf-checks';
import { seedPdf } from './pdf';

describe('a seeded PDF', () => {
  it('has its title as a heading, its sections as headings and paragraphs, each in its language', async (ctx) => {
    const bytes = await seedPdf({
      title: 'Проверка тегов',
      subtitle: 'Учебно-методический комплекс',
      // A spec of this test's own: not one another seed has cached.
      sections: [
        { heading: 'Введение', paragraphs: [`Абзац ${process.pid}.`] },
        { heading: 'Preface', paragraphs: ['An English paragraph.'], lang: 'en' },
      ],
    });
    const r = expectTaggedArchivable(ctx, bytes, 'ru');
    expect(r.structure).toMatch(/^ {2}H1 \(block\)\n {4}"Проверка тегов"$/m);
    expect(r.structure).toMatch(/^ {2}H2 \(block\)\n {4}"Preface"$/m);
    expect(r.raw).toContain('/Lang (en)');
    expect(r.text).toContain('An English paragraph.');
  });
});
